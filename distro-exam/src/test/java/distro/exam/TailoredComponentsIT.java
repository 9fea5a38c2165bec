package distro.exam;

import org.junit.runner.RunWith;
import org.ops4j.pax.exam.junit.PaxExam;

/** a distribution assembled from a feature of type ids in Pax Exam's Felix: every bundle active, every component satisfied. */
@RunWith(PaxExam.class)
public class TailoredComponentsIT extends DistributionComponents {
    public TailoredComponentsIT() {
        super(TAILORED);
    }
}
