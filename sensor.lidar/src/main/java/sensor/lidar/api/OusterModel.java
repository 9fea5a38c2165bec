package sensor.lidar.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A predefined Ouster lidar: product line, channel count, beam spacing and mode (columns × rotation
 * rate). Valid combinations are listed by {@link #validModels()}; beam angles come from Ouster's
 * published metadata (see {@code OusterModels} in the implementation for sources and derivations).
 */
public record OusterModel(Product product, int channels, Spacing spacing, Mode mode) {
    /** Product line, with the datasheet's nominal maximum range and beam divergence. */
    public enum Product {
        /**
         * OS0 ultra-wide (90° vertical field). Range 50 m at 80 % reflectivity, divergence 0.35° FWHM:
         * Ouster OS0 datasheet (rev 06); not re-verified against a primary copy in this project.
         */
        OS0(50, 0.35),
        /**
         * OS1 mid-range. Range 120 m at 80 % reflectivity (0.8–120 m), divergence 0.13° FWHM (32/64 ch),
         * 0.18° (128 ch), beam diameter 10 mm at exit: Ouster OS1 datasheet (gen 1, "OS1 High Resolution
         * Imaging LIDAR").
         */
        OS1(120, 0.13),
        /**
         * OS2 long-range. Range 240 m at 80 % reflectivity, divergence 0.09° FWHM: Ouster OS2 datasheet
         * (rev 06); not re-verified against a primary copy in this project.
         */
        OS2(240, 0.09);

        private final double maxRange, divergenceFwhmDeg;

        Product(double maxRange, double divergenceFwhmDeg) {
            this.maxRange = maxRange;
            this.divergenceFwhmDeg = divergenceFwhmDeg;
        }

        /** Nominal maximum range, m. */
        public double maxRange() { return maxRange; }

        /** Full-width-half-maximum beam divergence, degrees (OS1-128: 0.18). */
        public double divergenceFwhmDeg(int channels) {
            return this == OS1 && channels == 128 ? 0.18 : divergenceFwhmDeg;
        }
    }

    /** Vertical beam spacing. */
    public enum Spacing { UNIFORM, ABOVE_HORIZON, BELOW_HORIZON }

    /** Lidar mode: columns per rotation × rotation rate (Hz). */
    public enum Mode {
        M512x10(512, 10), M512x20(512, 20), M1024x10(1024, 10), M1024x20(1024, 20), M2048x10(2048, 10);

        private final int columns;
        private final double rate;

        Mode(int columns, double rate) {
            this.columns = columns;
            this.rate = rate;
        }

        public int columns() { return columns; }

        public double rate() { return rate; }

        /** Parses {@code "1024x10"}. */
        public static Mode parse(String s) {
            for (Mode m : values()) {
                if (m.name().substring(1).equalsIgnoreCase(s)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("mode must be one of 512x10, 512x20, 1024x10, 1024x20, 2048x10, got '" + s + "'");
        }

        @Override
        public String toString() { return name().substring(1); }
    }

    /** Validates the combination; the message lists the valid ones. */
    public OusterModel {
        if (product == null || spacing == null || mode == null) {
            throw new IllegalArgumentException("product, spacing and mode must not be null");
        }
        if (!validCombination(product, channels, spacing)) {
            throw new IllegalArgumentException("no Ouster model " + product + "-" + channels + " with " + spacing
                    + " spacing; valid models: " + validModels());
        }
    }

    /** Parses {@code "OS1-64"} (uniform) or {@code "OS1-64-ABOVE_HORIZON"} plus a mode {@code "1024x10"}. */
    public static OusterModel parse(String name, String mode) {
        Mode m = Mode.parse(mode); // a bad mode is reported as the mode
        String[] p = name.toUpperCase(Locale.ROOT).split("-", 3);
        try {
            Product product = Product.valueOf(p[0]);
            int channels = Integer.parseInt(p[1]);
            Spacing spacing = p.length > 2 ? Spacing.valueOf(p[2]) : Spacing.UNIFORM;
            return new OusterModel(product, channels, spacing, m);
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException iae && iae.getMessage() != null && iae.getMessage().contains("valid")) {
                throw iae;
            }
            throw new IllegalArgumentException("model must be one of " + validModels() + ", got '" + name + "'");
        }
    }

    private static boolean validCombination(Product product, int channels, Spacing spacing) {
        if (channels != 32 && channels != 64 && channels != 128) {
            return false;
        }
        return spacing == Spacing.UNIFORM || (product == Product.OS1 && channels <= 64);
    }

    /** Every valid product-channels-spacing name, e.g. {@code OS1-64-ABOVE_HORIZON}. */
    public static List<String> validModels() {
        List<String> names = new ArrayList<>();
        for (Product p : Product.values()) {
            for (int c : new int[] {32, 64, 128}) {
                for (Spacing s : Spacing.values()) {
                    if (validCombination(p, c, s)) {
                        names.add(p + "-" + c + (s == Spacing.UNIFORM ? "" : "-" + s));
                    }
                }
            }
        }
        return names;
    }

    /** The 1/e² divergence half-angle θ_D (rad) of [L-16]: {@code θ_FWHM / sqrt(2 ln 2)} for a Gaussian beam. */
    public double divergenceHalfAngle() {
        // I ∝ exp(−2 r²/w²): the FWHM diameter is w·sqrt(2 ln 2), so w = FWHM / sqrt(2 ln 2) per unit range.
        return Math.toRadians(product.divergenceFwhmDeg(channels)) / Math.sqrt(2 * Math.log(2));
    }
}
