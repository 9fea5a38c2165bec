package sensor.testkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class against a real Felix framework: one {@link SensorsimFramework} per class, started before
 * its first test and stopped after its last, injected into any test method or constructor parameter of that type.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(SensorsimExtension.class)
public @interface SensorsimTest {}
