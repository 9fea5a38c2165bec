package sensor.materials.impl;

/**
 * A small immutable complex number, private to this bundle, for the reference form of the Fresnel
 * equations ([L-5], [L-6]) and for tests. The BRDF hot path does not use it: {@link Fresnel} has a
 * primitive, allocation-free form of the same equations that is checked against this one.
 */
public record Complex(double re, double im) {
    public static final Complex ZERO = new Complex(0, 0);
    public static final Complex ONE = new Complex(1, 0);

    public static Complex of(double re, double im) {
        return new Complex(re, im);
    }

    public static Complex real(double re) {
        return new Complex(re, 0);
    }

    public Complex plus(Complex o) {
        return new Complex(re + o.re, im + o.im);
    }

    public Complex minus(Complex o) {
        return new Complex(re - o.re, im - o.im);
    }

    public Complex times(Complex o) {
        return new Complex(re * o.re - im * o.im, re * o.im + im * o.re);
    }

    public Complex times(double s) {
        return new Complex(re * s, im * s);
    }

    /** Quotient by Smith's algorithm (no overflow for large components). */
    public Complex div(Complex o) {
        if (Math.abs(o.re) >= Math.abs(o.im)) {
            double r = o.im / o.re, d = o.re + o.im * r;
            return new Complex((re + im * r) / d, (im - re * r) / d);
        }
        double r = o.re / o.im, d = o.re * r + o.im;
        return new Complex((re * r + im) / d, (im * r - re) / d);
    }

    /** Principal square root: real part {@code >= 0}; on the negative real axis the root is {@code +i·sqrt(|x|)}. */
    public Complex sqrt() {
        double m = Math.hypot(re, im);
        double r = Math.sqrt(0.5 * (m + re));
        double i = Math.sqrt(0.5 * (m - re));
        return new Complex(r, im < 0 ? -i : i);
    }

    /** Squared modulus {@code |z|²}. */
    public double abs2() {
        return re * re + im * im;
    }

    public double abs() {
        return Math.hypot(re, im);
    }

    @Override
    public String toString() {
        return re + (im < 0 ? " - " : " + ") + Math.abs(im) + "i";
    }
}
