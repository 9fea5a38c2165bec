package sensor.camera;

import sensor.camera.config.CameraConfig;

/**
 * Where a point of the image plane looks [CAM]. Pinhole: the camera-frame direction of image point (u, v) (pixels,
 * continuous) is {@code (1, −(u − cx)/fx, −(v − cy)/fy)}. FOV lens (the Chrono::Sensor paper, eqs. 1–2): with
 * x₁ = (u − cx)/(W/2), y₁ = (v − cy)/(W/2), r₁ = √(x₁² + y₁²) and ω half the horizontal field of view,
 * r₂ = tan(r₁ tan ω)/tan ω, s = tan(tan ω)/tan ω, the ray is the pinhole ray of x₂ = x₁ r₂/(r₁ s), y₂ = y₁ r₂/(r₁ s):
 * the image edge (r₁ = 1) keeps the horizontal field of view; the centre is magnified.
 */
final class Lens {
    private final boolean fov;
    private final double cx, cy, f, halfWidth, tanOmega, s;

    Lens(CameraConfig c) {
        fov = CameraConfig.FOV.equals(c.lens());
        cx = c.width() / 2.0;
        cy = c.height() / 2.0;
        halfWidth = c.width() / 2.0;
        tanOmega = Math.tan(Math.toRadians(c.horizontalFov()) / 2);
        f = halfWidth / tanOmega;
        s = Math.tan(tanOmega) / tanOmega;
    }

    /** The pinhole focal length in pixels (fx = fy). */
    double focal() {
        return f;
    }

    /** Writes the unit camera-frame direction of image point (u, v) into {@code out[at..at+2]}. */
    void direction(double u, double v, double[] out, int at) {
        double x = (u - cx) / halfWidth, y = (v - cy) / halfWidth;
        if (fov) {
            double r1 = Math.hypot(x, y);
            if (r1 > 0) {
                double k = Math.tan(r1 * tanOmega) / tanOmega / (r1 * s);
                x *= k;
                y *= k;
            }
        }
        double dy = -x * tanOmega, dz = -y * tanOmega, n = Math.sqrt(1 + dy * dy + dz * dz);
        out[at] = 1 / n;
        out[at + 1] = dy / n;
        out[at + 2] = dz / n;
    }

    /**
     * Checks the lens can map the whole image: the fov lens needs r₁,max · tan ω &lt; π/2 (the image corner). The pinhole
     * maps any horizontal field of view below 180°, which {@link CameraType#create} has checked (at most 179°).
     */
    static void check(CameraConfig c) {
        if (!CameraConfig.PINHOLE.equals(c.lens()) && !CameraConfig.FOV.equals(c.lens())) {
            throw new IllegalArgumentException("lens must be one of [pinhole, fov], got '" + c.lens() + "'");
        }
        if (CameraConfig.FOV.equals(c.lens())) {
            double corner = Math.hypot(1, (double) c.height() / c.width()), tanOmega = Math.tan(Math.toRadians(c.horizontalFov()) / 2);
            if (!(corner * tanOmega < Math.PI / 2 * 0.999)) {
                double max = 2 * Math.toDegrees(Math.atan(Math.PI / 2 * 0.999 / corner));
                throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                        "horizontalFov with lens fov must be below %.1f degrees for a %dx%d image (the lens model folds "
                                + "beyond), got %s", max, c.width(), c.height(), c.horizontalFov()));
            }
        }
    }
}
