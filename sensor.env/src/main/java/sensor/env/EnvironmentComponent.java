package sensor.env;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;

import sensor.api.env.SensorEnvironment;
import sensor.api.io.OutputSink;

/**
 * Registers the framework's default {@link SensorEnvironment}: an {@link Environment} over the shared
 * {@link PluginTypes} that rejects absent types, configured by PID {@code sensor.env.Environment}, with every
 * {@link OutputSink} service as a sink.
 */
@Component(name = "sensor.env.Environment", service = {}, immediate = true)
@Designate(ocd = Environment.Config.class)
public class EnvironmentComponent {
    private final Environment environment;
    private ServiceRegistration<SensorEnvironment> registration;

    @Activate
    public EnvironmentComponent(@Reference PluginTypes types, Environment.Config config) {
        environment = new Environment(types, false, "", e -> {});
        environment.configure(config);
    }

    @Activate
    void register(BundleContext context) {
        registration = context.registerService(SensorEnvironment.class, environment, null);
    }

    @Modified
    void modified(Environment.Config config) {
        environment.configure(config);
    }

    @Deactivate
    void deactivate() {
        registration.unregister();
        environment.close();
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void bindOutputSink(OutputSink sink) {
        environment.bindOutputSink(sink);
    }

    void unbindOutputSink(OutputSink sink) {
        environment.unbindOutputSink(sink);
    }
}
