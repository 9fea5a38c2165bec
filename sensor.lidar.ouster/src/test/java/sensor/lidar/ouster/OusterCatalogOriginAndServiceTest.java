package sensor.lidar.ouster;

import static org.junit.jupiter.api.Assertions.*;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.LidarModelType.Beam;

/**
 * What the catalog's own files leave untested: every one of them has t23 = 0 in {@code beam_to_lidar_transform}, so
 * a beam origin above the lidar origin (as {@code make_xyz_lut}'s {@code offset.col(2)} adds it) is checked on a file
 * written here; and the OSGi component's registration and withdrawal of its services.
 */
class OusterCatalogOriginAndServiceTest {
    private static final String RAISED = "{\"beam_altitude_angles\": [10, -10], \"beam_azimuth_angles\": [1, -1],"
            + " \"beam_to_lidar_transform\": [1, 0, 0, 15.806, 0, 1, 0, 0, 0, 0, 1, 7.5, 0, 0, 0, 1]}";

    @Test
    void aBeamOriginAboveTheLidarOriginIsKeptInMetresAndMirroredBelow() {
        OusterCatalog.Table t = OusterCatalog.parse("raised.json", RAISED, 0);
        assertEquals(15.806, t.originXMm());
        assertEquals(7.5, t.originZMm());
        for (Beam b : t.beams()) {
            assertEquals(0.015806, b.originX(), 1e-12);
            assertEquals(0.0075, b.originZ(), 1e-12);
        }
        OusterCatalog.Table m = t.mirrored();
        assertEquals(-7.5, m.originZMm(), "the mirrored head has its beam origin below");
        assertArrayEquals(new double[] {10, -10}, m.altitudesDeg());
        assertEquals(-0.0075, m.beams().get(0).originZ(), 1e-12);
    }

    @Test
    void activationRegistersEveryModelUnderItsIdAndDeactivationWithdrawsThem() {
        List<String> ids = new ArrayList<>();
        int[] unregistered = {0};
        ServiceRegistration<?> registration = (ServiceRegistration<?>) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ServiceRegistration.class}, (proxy, method, args) -> {
                    if (method.getName().equals("unregister")) {
                        unregistered[0]++;
                    }
                    return null;
                });
        BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                    assertEquals("registerService", method.getName());
                    assertEquals(LidarModelType.class, args[0]);
                    assertInstanceOf(CatalogModel.class, args[1]);
                    ids.add((String) ((Dictionary<?, ?>) args[2]).get(LidarModelType.ID_PROPERTY));
                    assertEquals(((CatalogModel) args[1]).id(), ids.get(ids.size() - 1));
                    return registration;
                });
        OusterCatalog component = new OusterCatalog();
        component.activate(context);
        assertEquals(OusterCatalog.models().stream().map(CatalogModel::id).toList(), ids);
        assertEquals(0, unregistered[0]);
        component.deactivate();
        assertEquals(ids.size(), unregistered[0]);
    }
}
