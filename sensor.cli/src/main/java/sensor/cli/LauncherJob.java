package sensor.cli;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.PluginType;
import sensor.api.env.SensorEnvironment;
import sensor.api.lidar.OutputNoiseType;
import sensor.api.lidar.RayDistortionType;
import sensor.api.material.AmbientMaterialType;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.sensor.SensorType;
import sensor.cli.scenario.PluginCatalog;
import sensor.imu.api.TriaxialStageType;

/**
 * Runs the {@code sensorsim} command named by the exported distribution's command line. bnd's launcher
 * registers a service carrying the arguments ({@code launcher.arguments}) and marks it
 * {@code launcher.ready} once every bundle has started; the command runs on its own thread and the
 * process exits with its code. With no arguments the framework keeps running (FileInstall watches the
 * hot-deploy folder; the shell distribution adds a Gogo shell).
 */
@Component(immediate = true)
public class LauncherJob {
    @Reference
    SensorEnvironment env;

    private final Catalog catalog = new Catalog();
    private String[] args = new String[0];

    @Reference(service = Object.class, target = "(&(launcher.arguments=*)(launcher.ready=true))")
    void setLauncher(Object launcher, Map<String, Object> properties) {
        if (properties.get("launcher.arguments") instanceof String[] a) {
            args = a;
        }
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindSensorType(SensorType<?> t) { catalog.sensors.put(t.id(), t); }

    void unbindSensorType(SensorType<?> t) { catalog.sensors.remove(t.id(), t); }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindSurfaceType(SurfaceMaterialType<?> t) { catalog.surfaces.put(t.id(), t); }

    void unbindSurfaceType(SurfaceMaterialType<?> t) { catalog.surfaces.remove(t.id(), t); }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindAmbientType(AmbientMaterialType<?> t) { catalog.ambients.put(t.id(), t); }

    void unbindAmbientType(AmbientMaterialType<?> t) { catalog.ambients.remove(t.id(), t); }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindDistortionType(RayDistortionType<?> t) { catalog.stages.put(t.id(), t); }

    void unbindDistortionType(RayDistortionType<?> t) { catalog.stages.remove(t.id(), t); }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindNoiseType(OutputNoiseType<?> t) { catalog.stages.put(t.id(), t); }

    void unbindNoiseType(OutputNoiseType<?> t) { catalog.stages.remove(t.id(), t); }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindTriaxialStageType(TriaxialStageType<?> t) { catalog.stages.put(t.id(), t); }

    void unbindTriaxialStageType(TriaxialStageType<?> t) { catalog.stages.remove(t.id(), t); }

    @Activate
    void activate(BundleContext context) {
        if (args.length == 0) {
            System.out.println("sensorsim running; sensor types " + env.sensorTypes() + "; hot-deploy folder: "
                    + context.getProperty("felix.fileinstall.dir"));
            return;
        }
        Thread job = new Thread(() -> {
            int code;
            try {
                code = new SensorSimCommand(env, catalog.snapshot(), System.out, System.err).execute(args);
            } catch (RuntimeException e) {
                System.err.println("sensorsim: " + e);
                code = 1;
            }
            System.out.flush();
            System.exit(code);
        }, "sensorsim-job");
        job.start();
    }

    /** The plugin types currently bound, by id. */
    static final class Catalog {
        final Map<String, PluginType<?>> sensors = new ConcurrentHashMap<>(), surfaces = new ConcurrentHashMap<>(),
                ambients = new ConcurrentHashMap<>(), stages = new ConcurrentHashMap<>();

        PluginCatalog snapshot() {
            return new PluginCatalog(Map.copyOf(sensors), Map.copyOf(surfaces), Map.copyOf(ambients), Map.copyOf(stages));
        }
    }
}
