package sensor.api.scene;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Vec3;

class MagneticFieldTest {
    @Test
    void elementsGiveTheEastNorthUpComponents() {
        // Horizontal intensity H = F cos I, north X = H cos D, east Y = H sin D, vertical (down) Z = F sin I.
        double d = Math.toRadians(3.5), i = Math.toRadians(70.2), f = 50.3e-6;
        Vec3 b = MagneticField.fromElements(d, i, f).at(Vec3.ZERO, 0);
        assertEquals(f * Math.cos(i) * Math.sin(d), b.x(), 1e-15);
        assertEquals(f * Math.cos(i) * Math.cos(d), b.y(), 1e-15);
        assertEquals(-f * Math.sin(i), b.z(), 1e-15);
        assertEquals(f, b.norm(), 1e-15);
        // inclination is the dip below the horizontal
        assertEquals(i, Math.atan2(-b.z(), Math.hypot(b.x(), b.y())), 1e-12);
    }

    @Test
    void badElementsNameTheParameter() {
        var e = assertThrows(IllegalArgumentException.class, () -> MagneticField.fromElements(0, 2, 1e-5));
        assertTrue(e.getMessage().startsWith("inclination"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MagneticField.fromElements(0, 0, -1));
        assertTrue(e.getMessage().startsWith("intensity"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MagneticField.uniform(new Vec3(Double.NaN, 0, 0)));
    }
}
