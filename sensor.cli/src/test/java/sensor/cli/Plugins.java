package sensor.cli;

import java.util.ArrayList;
import java.util.List;

import sensor.api.PluginType;
import sensor.api.lidar.OutputNoiseType;
import sensor.api.lidar.RayDistortionType;
import sensor.api.material.AmbientMaterialType;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.sensor.SensorType;
import sensor.api.PluginCatalog;
import sensor.env.Environment;
import sensor.imu.api.TriaxialStageType;

/** An environment with every shipped plugin type bound, as the distribution has it, and its catalog. */
final class Plugins {
    final Environment env = new Environment();
    final sensor.env.Simulations simulations = new sensor.env.Simulations();
    final PluginCatalog catalog;

    Plugins() {
        List<TriaxialStageType<?>> stages = List.of(new sensor.imu.RangeStageType(), new sensor.imu.BiasStageType(),
                new sensor.imu.CrossAxisStageType(), new sensor.imu.NoiseStageType(), new sensor.imu.SpectralNoiseStageType(),
                new sensor.imu.RandomWalkStageType(), new sensor.imu.LinearAccelerationStageType());
        var lidar = new sensor.lidar.LidarSensorType();
        lidar.setBackend(new sensor.raytrace.CpuBvhBackend());
        var camera = new sensor.camera.CameraType();
        camera.setBackend(new sensor.raytrace.CpuBvhBackend());
        List<RayDistortionType<?>> distortions = List.of(new sensor.lidar.NoiseStages.RayAngle());
        List<OutputNoiseType<?>> noises = List.of(new sensor.lidar.NoiseStages.Distance(), new sensor.lidar.NoiseStages.HitpointAngle());
        List<SensorType<?>> sensors = List.of(lidar, new sensor.imu.ImuType(stages), new sensor.imu.AccelerometerType(stages),
                new sensor.imu.GyroscopeType(stages), new sensor.imu.MagnetometerType(stages), new sensor.encoder.EncoderType(),
                new sensor.odometer.OdometerType(), new sensor.groundtruth.GroundTruthSensorType(), new sensor.gnss.GnssType(), camera);
        List<SurfaceMaterialType<?>> surfaces = List.of(new sensor.materials.impl.LambertianType(),
                new sensor.materials.impl.GgxOrenNayarType(), new sensor.materials.impl.ExplicitBrdfType());
        List<AmbientMaterialType<?>> ambients = List.of(new sensor.materials.impl.AtmosphereType());
        sensors.forEach(env::bindSensorType);
        surfaces.forEach(env::bindSurfaceMaterialType);
        ambients.forEach(env::bindAmbientMaterialType);
        sensors.forEach(t -> simulations.types().bindSensorType(t, 0));
        surfaces.forEach(t -> simulations.types().bindSurfaceMaterialType(t, 0));
        ambients.forEach(t -> simulations.types().bindAmbientMaterialType(t, 0));
        List<PluginType<?>> all = new ArrayList<>();
        all.addAll(sensors);
        all.addAll(surfaces);
        all.addAll(ambients);
        all.addAll(stages);
        all.addAll(distortions);
        all.addAll(noises);
        all.add(new sensor.dynamics.OdeEngine());
        sensor.lidar.OusterPattern ouster = new sensor.lidar.OusterPattern();
        all.addAll(List.of(new sensor.lidar.PatternTypes.Sweep(), ouster, new sensor.lidar.PatternTypes.FromFile(),
                new sensor.lidar.RisleyPattern(), new sensor.lidar.LivoxCsvPattern()));
        all.addAll(sensor.lidar.ouster.OusterCatalog.models());
        all.addAll(sensor.lidar.velodyne.VelodyneCatalog.models());
        all.addAll(sensor.lidar.hesai.HesaiCatalog.models());
        all.addAll(sensor.lidar.robosense.RoboSenseCatalog.models());
        all.addAll(sensor.lidar.rtx.RtxCatalog.models());
        all.addAll(sensor.lidar.leishen.LeishenCatalog.models());
        all.addAll(sensor.lidar.sick.SickCatalog.models());
        all.addAll(sensor.lidar.hokuyo.HokuyoCatalog.models());
        all.addAll(sensor.lidar.ydlidar.YdlidarCatalog.models());
        all.addAll(sensor.lidar.unitree.UnitreeCatalog.models());
        all.addAll(sensor.lidar.livox.LivoxCatalog.models());
        catalog = new sensor.env.FixedCatalog(all);
        lidar.setCatalog(catalog);
        ouster.setCatalog(catalog);
    }

    /** The command line over this environment, writing with sensor.io and loading no plugins. */
    SensorSimCommand command(java.io.PrintStream out, java.io.PrintStream err) {
        return new SensorSimCommand(env, simulations, catalog, () -> new sensor.env.WriterRecorders(sensor.io.FormatWriters.all()), dir -> {
            throw new SensorSimCommand.PluginException("--plugins is not available outside a framework");
        }, (options, live) -> 2, out, err);
    }
}
