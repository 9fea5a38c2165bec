package sensor.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The camera figure's scenario: the demo town with its sensors replaced by one camera, mesh files made absolute. */
class CameraScenarioTest {
    @Test
    void theSensorsSectionIsReplacedAndEverythingElseKept() {
        String town = """
                version: 1
                objects:
                  - {id: house, shape: {type: mesh, file: house.obj}, material: paint}
                  - {id: shed, shape: {type: mesh, file: /abs/shed.obj}}
                sensors:
                  - id: os1
                    type: lidar

                  # a comment
                  - {id: imu, type: imu}
                controllers:
                  - {id: drive, type: replay}
                """;
        String expected = """
                version: 1
                objects:
                  - {id: house, shape: {type: mesh, file: /town/house.obj}, material: paint}
                  - {id: shed, shape: {type: mesh, file: /abs/shed.obj}}
                sensors:
                  - {id: camera, type: camera, body: car, pose: {position: [0.6, 0, 1.7]}, frequency: 10,
                     config: {width: 640, height: 480, horizontalFov: 90, threads: 2}}
                controllers:
                  - {id: drive, type: replay}
                """;
        assertEquals(expected, RuntimeFigures.cameraScenario(town, Path.of("/town"), 2));
    }

    @Test
    void aScenarioWithoutSensorsIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RuntimeFigures.cameraScenario("version: 1\n", Path.of("/town"), 1));
        assertEquals("camera: /town: the demo scenario has no sensors section to replace", e.getMessage());
    }
}
