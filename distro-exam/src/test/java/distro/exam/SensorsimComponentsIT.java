package distro.exam;

import org.junit.runner.RunWith;
import org.ops4j.pax.exam.junit.PaxExam;

/** sensorsim.jar in Pax Exam's Felix: every bundle active, every component satisfied. */
@RunWith(PaxExam.class)
public class SensorsimComponentsIT extends DistributionComponents {
    public SensorsimComponentsIT() {
        super("sensorsim");
    }
}
