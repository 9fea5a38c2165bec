package sensor.testkit;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** The JUnit 5 extension behind {@link SensorsimTest}: a framework per test class, closed with the class. */
public final class SensorsimExtension implements BeforeAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SensorsimExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        framework(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == SensorsimFramework.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return framework(context);
    }

    /** The framework of the test class (the store is closed, and the framework stopped, after the class). */
    private static SensorsimFramework framework(ExtensionContext context) {
        ExtensionContext owner = context;
        while (owner.getTestMethod().isPresent() && owner.getParent().isPresent()) {
            owner = owner.getParent().get();
        }
        return owner.getStore(NAMESPACE).getOrComputeIfAbsent("framework", k -> SensorsimFramework.start(),
                SensorsimFramework.class);
    }
}
