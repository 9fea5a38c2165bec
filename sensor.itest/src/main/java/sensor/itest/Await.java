package sensor.itest;

import java.util.function.BooleanSupplier;

/** Polls a condition the framework reaches asynchronously (FileInstall, Configuration Admin). */
final class Await {
    private Await() {}

    static void until(String what, long timeoutMillis, BooleanSupplier condition) throws InterruptedException {
        long end = System.currentTimeMillis() + timeoutMillis;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("timed out after " + timeoutMillis + " ms waiting for " + what);
            }
            Thread.sleep(20);
        }
    }
}
