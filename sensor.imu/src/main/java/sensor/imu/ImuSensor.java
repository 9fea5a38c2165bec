package sensor.imu;

import java.util.List;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.random.CounterRandom;
import sensor.api.frame.Channels;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.imu.api.StageContext;
import sensor.imu.api.TriaxialStage;

/**
 * An IMU [T-IMU]: a parent frame (the sensor mount) holding sub-sensors at their own offsets, each producing
 * its ideal signal — accelerometer [T-29] specific force, gyroscope [T-30] angular velocity, magnetometer
 * [T-M] flux density, all in the sub-sensor's own frame — then running its stage chain; the output lists the
 * configured axes in order as {@link Channels}, with the white-noise variance its stages state per channel. Noise draws are keyed by (seed, sensor id, sample index,
 * sub-sensor position, stage position, axis), so output is reproducible and thread-independent.
 */
final class ImuSensor implements Sensor {
    enum Kind { ACCELEROMETER, GYROSCOPE, MAGNETOMETER }

    static final class Sub {
        final Kind kind;
        final Pose offset;
        final TriaxialStage[] stages;
        final double[] u = new double[3];

        Sub(Kind kind, Pose offset, TriaxialStage[] stages) {
            this.kind = kind;
            this.offset = offset;
            this.stages = stages;
        }
    }

    private final Sub[] subs;
    private final int[] outSub, outAxis;
    private final List<String> names, units;
    private final Context context = new Context();
    private double[] variances;

    ImuSensor(Sub[] subs, int[] outSub, int[] outAxis, List<String> names, List<String> units) {
        this.subs = subs;
        this.outSub = outSub;
        this.outAxis = outAxis;
        this.names = List.copyOf(names);
        this.units = List.copyOf(units);
    }

    @Override
    public Channels sample(SampleContext ctx) {
        double t = ctx.time();
        Pose imu = ctx.sensorPose(t);
        HostMotion motion = HostMotion.of(ctx, t);
        Context c = context;
        c.begin(ctx, motion);
        for (int i = 0; i < subs.length; i++) {
            Sub s = subs[i];
            Pose pose = s.offset == Pose.IDENTITY ? imu : imu.compose(s.offset);
            c.sub(i, pose);
            double[] u = s.u;
            switch (s.kind) {
                case ACCELEROMETER -> {
                    double[] f = c.specificForce();
                    u[0] = f[0];
                    u[1] = f[1];
                    u[2] = f[2];
                }
                case GYROSCOPE -> set(u, pose.inverseTransformVector(motion.omega));
                case MAGNETOMETER -> set(u, pose.inverseTransformVector(ctx.magneticField(pose.position())));
            }
            for (int k = 0; k < s.stages.length; k++) {
                c.stage = k;
                s.stages[k].apply(u, c);
            }
        }
        double[] values = new double[outSub.length];
        for (int j = 0; j < values.length; j++) {
            values[j] = subs[outSub[j]].u[outAxis[j]];
        }
        c.end();
        if (variances == null) {
            variances = variances(1 / ctx.period());
        }
        return new Channels(names, units, values, variances);
    }

    /** Per output channel: the white-noise variance its sub-sensor's stages add at {@code frequency}. */
    private double[] variances(double frequency) {
        double[] v = new double[outSub.length];
        for (int j = 0; j < v.length; j++) {
            for (TriaxialStage stage : subs[outSub[j]].stages) {
                double w = stage.whiteNoiseVariance(frequency)[outAxis[j]];
                v[j] += w >= 0 && w < Double.POSITIVE_INFINITY ? w : 0; // a stage's invalid answer counts as none
            }
        }
        return v;
    }

    private static void set(double[] u, Vec3 v) {
        u[0] = v.x();
        u[1] = v.y();
        u[2] = v.z();
    }

    /** The {@link StageContext} of the sub-sensor being processed (reused; samples arrive one at a time). */
    private static final class Context implements StageContext {
        SampleContext sample;
        HostMotion motion;
        CounterRandom random;
        long index;
        double time, period;
        int sub, stage;
        Pose pose;
        final double[] force = new double[3];
        boolean forceReady;

        void begin(SampleContext ctx, HostMotion m) {
            sample = ctx;
            motion = m;
            random = ctx.random();
            index = ctx.index();
            time = ctx.time();
            period = ctx.period();
        }

        void sub(int i, Pose p) {
            sub = i;
            pose = p;
            stage = 0;
            forceReady = false;
        }

        void end() {
            sample = null;
            motion = null;
            random = null;
            pose = null;
        }

        @Override
        public long index() { return index; }

        @Override
        public double time() { return time; }

        @Override
        public double period() { return period; }

        @Override
        public double gaussian(int channel) {
            if (channel < 0 || channel > 0xFFFF) {
                throw new IllegalArgumentException("channel must be in [0, 65535], got " + channel);
            }
            return random.gaussian(index, sub, (stage << 16) | channel);
        }

        @Override
        public double[] specificForce() {
            if (!forceReady) {
                motion.specificForce(pose, force);
                forceReady = true;
            }
            return force;
        }

        @Override
        public SampleContext sample() { return sample; }
    }
}
