package sensor.itest;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.Hashtable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

import sensor.api.env.SensorEnvironment;
import sensor.api.geom.Vec3;

/** The environment service is wired by DS in Felix and configured through Configuration Admin. */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class EnvironmentWiringTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService
    SensorEnvironment env;

    @InjectService
    ConfigurationAdmin configAdmin;

    @InjectService
    org.osgi.service.component.runtime.ServiceComponentRuntime scr;

    @Test
    void kernelBundlesAreActiveAndTheEnvironmentIsADsService() {
        for (String bsn : new String[] {"sensor.api", "sensor.env", "org.apache.felix.scr"}) {
            Bundle b = Arrays.stream(context.getBundles()).filter(x -> bsn.equals(x.getSymbolicName())).findFirst()
                    .orElseThrow(() -> new AssertionError(bsn + " is not installed"));
            assertEquals(Bundle.ACTIVE, b.getState(), bsn);
        }
        var ref = context.getServiceReference(SensorEnvironment.class);
        assertEquals("sensor.env", ref.getBundle().getSymbolicName());
        var component = scr.getComponentDescriptionDTO(ref.getBundle(), "sensor.env.Environment");
        assertEquals(1, scr.getComponentConfigurationDTOs(component).size());
        assertEquals(org.osgi.service.component.runtime.dto.ComponentConfigurationDTO.ACTIVE,
                scr.getComponentConfigurationDTOs(component).iterator().next().state, "the component registering it");
        assertEquals("sensor.env", context.getServiceReference(sensor.api.env.SimulationFactory.class).getBundle()
                .getSymbolicName(), "simulations are made by the factory of the same bundle");
    }

    @Test
    void configurationAdminReconfiguresTheRunningEnvironment() throws Exception {
        env.setWorld(env.newKinematicWorld(0.001, new Vec3(0, 0, -9.81)));
        Configuration c = configAdmin.getConfiguration("sensor.env.Environment", "?");
        try {
            Hashtable<String, Object> p = new Hashtable<>();
            p.put("timeStep", 0.002);
            p.put("seed", 1234L);
            c.update(p);
            Await.until("the environment to take the new configuration", 10_000,
                    () -> env.world().timeStep() == 0.002 && env.seed() == 1234L);
            assertEquals(50, env.advance(0.1));
        } finally {
            c.delete();
        }
        Await.until("the default configuration to return", 10_000, () -> env.seed() == 0);
    }
}
