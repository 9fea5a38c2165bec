package sensor.scenario.run;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import sensor.api.io.LiveView;

/**
 * The live service behind {@code sensorsim serve}, as a service: the sensor.service bundle registers it, the command
 * line looks it up and says so in one line where a distribution has none. Kept here, below both, so that neither
 * imports the other.
 */
public interface LiveService {
    /**
     * Serves the deploy folder until {@code stopped} counts down (the runtime stopping); returns the exit code.
     *
     * @param live where every simulation's streams are published too, or null
     */
    int serve(Options options, LiveView live, CountDownLatch stopped) throws Exception;

    /** What {@code serve} does after a crash of an earlier service left a simulation cut short. */
    enum AfterCrash { RESTART, STOP }

    /**
     * The options of {@code serve}: the folders, what to do with simulations an earlier service left cut short, and
     * the keystore whose signers' jars alone may run (null: any bundle dropped runs) with its password file (or null).
     */
    record Options(Path deploy, Path out, AfterCrash afterCrash, Path trust, Path trustPassword, Console console) {}

    /** {@code serve --console}: the web console's address and port, and the file its token is read from (or null). */
    record Console(String address, int port, Path tokenFile) {}
}
