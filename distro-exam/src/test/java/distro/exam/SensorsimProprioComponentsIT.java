package distro.exam;

import org.junit.runner.RunWith;
import org.ops4j.pax.exam.junit.PaxExam;

/** sensorsim-proprio.jar in Pax Exam's Felix: every bundle active, every component satisfied. */
@RunWith(PaxExam.class)
public class SensorsimProprioComponentsIT extends DistributionComponents {
    public SensorsimProprioComponentsIT() {
        super("sensorsim-proprio");
    }
}
