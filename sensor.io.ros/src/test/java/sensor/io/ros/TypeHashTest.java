package sensor.io.ros;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sensor.io.ros.msg.Ros2;
import sensor.io.ros.msg.TypeHash;

/**
 * {@link TypeHash} against the hashes that ROS 2's own code generator wrote ({@code rosidl_generator_c}'s
 * {@code get_type_hash} and {@code TYPE_HASH} constants), from two independent builds of the interfaces:
 * <ul>
 * <li><b>K</b>: hpmicro/hpm_sdk at commit a52d08d1e9d28026c61f497eceb81f53a6786c35, its micro-ROS build for ROS 2
 * Kilted, {@code middleware/microros/kilted/include/<pkg>/<pkg>/<msg|srv>/detail/<type>__description.c};
 * <li><b>R</b>: micro-ROS/micro_ros_arduino at commit 57e9c210191a909ab7fddaa2b80f10d40ff3ebb7 (its Rolling build of 25
 * March 2023, weeks before Iron), {@code src/<pkg>/msg/detail/<type>__struct.h}.
 * </ul>
 * Both hold every value below (195 types are in both, none differ) except those marked K only or R only. An older
 * micro_ros_arduino build (commit 9611a45b, 16 March 2023) has Imu {@code RIHS01_4795fc6e…}: that is the same JSON
 * written with the separator {@code ","} instead of {@code ", "}, before rosidl commit 6fdefcfa ("Tweak the separator to
 * match rcl capabilities", 22 March 2023) fixed the format that Iron shipped.
 * The test_msgs types below are written here from their fields (their comments, defaults and constants rewritten), to
 * cover every field type: the hash must not depend on what was rewritten.
 */
class TypeHashTest {
    /** Published hashes of the types {@link Ros2} defines, by type name. */
    static final Map<String, String> PUBLISHED = Map.ofEntries(
            Map.entry("sensor_msgs/msg/PointCloud2", "RIHS01_9198cabf7da3796ae6fe19c4cb3bdd3525492988c70522628af5daa124bae2b5"),
            Map.entry("sensor_msgs/msg/Image", "RIHS01_d31d41a9a4c4bc8eae9be757b0beed306564f7526c88ea6a4588fb9582527d47"),
            Map.entry("sensor_msgs/msg/CameraInfo", "RIHS01_b3dfd68ff46c9d56c80fd3bd4ed22c7a4ddce8c8348f2f59c299e73118e7e275"),
            Map.entry("sensor_msgs/msg/LaserScan", "RIHS01_64c191398013af96509d518dac71d5164f9382553fce5c1f8cca5be7924bd828"),
            Map.entry("sensor_msgs/msg/Imu", "RIHS01_7d9a00ff131080897a5ec7e26e315954b8eae3353c3f995c55faf71574000b5b"),
            Map.entry("sensor_msgs/msg/MagneticField", "RIHS01_e80f32f56a20486c9923008fc1a1db07bbb273cbbf6a5b3bfa00835ee00e4dff"),
            Map.entry("sensor_msgs/msg/JointState", "RIHS01_a13ee3a330e346c9d87b5aa18d24e11690752bd33a0350f11c5882bc9179260e"),
            Map.entry("std_msgs/msg/Float64", "RIHS01_705ba9c3d1a09df43737eb67095534de36fd426c0587779bda2bc51fe790182a"),
            Map.entry("sensor_msgs/msg/NavSatFix", "RIHS01_62223ab3fe210a15976021da7afddc9e200dc9ec75231c1b6a557fc598a65404"),
            Map.entry("rosgraph_msgs/msg/Clock", "RIHS01_692f7a66e93a3c83e71765d033b60349ba68023a8c689a79e48078bcb5c58564"),
            Map.entry("nav_msgs/msg/Odometry", "RIHS01_3cc97dc7fb7502f8714462c526d369e35b603cfc34d946e3f2eda2766dfec6e0"),
            Map.entry("geometry_msgs/msg/Twist", "RIHS01_9c45bf16fe0983d80e3cfe750d6835843d265a9a6c46bd2e609fcddde6fb8d2a"),
            Map.entry("sensor_msgs/msg/Joy", "RIHS01_0d356c79cad3401e35ffeb75a96a96e08be3ef896b8b83841d73e890989372c5"),
            // R only: micro-ROS for Kilted leaves tf2_msgs out
            Map.entry("tf2_msgs/msg/TFMessage", "RIHS01_e369d0f05a23ae52508854b66f6aa0437f3449d652e8cbf22d5abe85d020f087"));

    static final String SEP = "================================================================================\n";
    static final String HEADER = SEP + "MSG: std_msgs/Header\nbuiltin_interfaces/Time stamp\nstring frame_id\n"
            + SEP + "MSG: builtin_interfaces/Time\nint32 sec\nuint32 nanosec\n";
    static final String VECTOR3 = SEP + "MSG: geometry_msgs/Vector3\nfloat64 x\nfloat64 y\nfloat64 z\n";
    static final List<String> PRIMITIVES = List.of("bool", "byte", "char", "float32", "float64", "int8", "uint8", "int16",
            "uint16", "int32", "uint32", "int64", "uint64");

    /** {@code X_DEF} of {@link Ros2} with the type name in {@code X} (or {@code X_MSG}), by type name. */
    static Map<String, String> ros2Definitions() throws ReflectiveOperationException {
        Map<String, String> definitions = new LinkedHashMap<>();
        for (Field f : Ros2.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getName().endsWith("_DEF")) {
                String prefix = f.getName().substring(0, f.getName().length() - 4);
                Field name;
                try {
                    name = Ros2.class.getField(prefix);
                } catch (NoSuchFieldException e) {
                    name = Ros2.class.getField(prefix + "_MSG");
                }
                definitions.put((String) name.get(null), (String) f.get(null));
            }
        }
        return definitions;
    }

    @Test
    void everyTypeRos2DefinesHashesAsRos2Does() throws Exception {
        Map<String, String> definitions = ros2Definitions();
        assertEquals(PUBLISHED.keySet(), definitions.keySet(), definitions.keySet().toString());
        for (Map.Entry<String, String> d : definitions.entrySet()) {
            String hash = TypeHash.of(d.getKey(), d.getValue());
            assertTrue(hash.matches("RIHS01_[0-9a-f]{64}"), hash);
            if (PUBLISHED.containsKey(d.getKey())) {
                assertEquals(PUBLISHED.get(d.getKey()), hash, d.getKey());
            }
        }
    }

    /** The rest of a {@code ros2msg} text and how it is written take no part: comments, constants, defaults, layout. */
    @Test
    void onlyTheFieldsCount() {
        String imu = PUBLISHED.get("sensor_msgs/msg/Imu");
        String text = "# An IMU's reading.\n\n"
                + "uint8 SOME_CONSTANT = 3   # a constant is no field\n"
                + "std_msgs/Header header\r\n"
                + "geometry_msgs/Quaternion\torientation   # w first? no: x y z w\n"
                + "float64[9] orientation_covariance [0, 0, 0, 0, 0, 0, 0, 0, 0]\n"
                + "  geometry_msgs/Vector3 angular_velocity\n"
                + "float64[9] angular_velocity_covariance\n"
                + "geometry_msgs/Vector3 linear_acceleration\n"
                + "float64[9] linear_acceleration_covariance\n"
                + SEP + "MSG: geometry_msgs/msg/Quaternion\nfloat64 x 0\nfloat64 y 0\nfloat64 z 0\nfloat64 w 1\n"
                + SEP + "MSG: geometry_msgs/Point\nfloat64 never_used\n" // defined, not referenced
                + VECTOR3 + HEADER
                + SEP + "MSG: geometry_msgs/Vector3\nfloat64 a_second_definition_is_ignored\n";
        assertEquals(imu, TypeHash.of("sensor_msgs/Imu", text));
        assertEquals(imu, TypeHash.of("sensor_msgs/msg/Imu", text.replace("\n", "\r\n")));
        // a type named without its package is one of the package of the type that uses it
        assertEquals(PUBLISHED.get("sensor_msgs/msg/PointCloud2"), TypeHash.of(Ros2.POINT_CLOUD2,
                Ros2.POINT_CLOUD2_DEF.replace("sensor_msgs/PointField[] fields", "PointField[] fields")));
        // a field's name, type, order and every type it reaches do count
        assertFalse(imu.equals(TypeHash.of("sensor_msgs/Imu", text.replace("linear_acceleration\n", "linear_accel\n"))));
        assertFalse(imu.equals(TypeHash.of("sensor_msgs/Imu", text.replace("float64 w 1", "float32 w 1"))));
        assertFalse(imu.equals(TypeHash.of("sensor_msgs/Imu", text.replace("string frame_id", "string<=9 frame_id"))));
        assertFalse(imu.equals(TypeHash.of("sensor_msgs/Imu", text.replace("float64[9] orientation_covariance",
                "float64[8] orientation_covariance"))));
    }

    /** The fields of test_msgs' BasicTypes, Constants (constants only), Defaults. */
    static final String BASIC = fields(""), CONSTANTS = fields("CONST"), DEFAULTS = fields("default");
    /** Those three, each as a definition after a separator. */
    static final String BASIC_CONSTANTS_DEFAULTS = SEP + "MSG: test_msgs/BasicTypes\n" + BASIC
            + SEP + "MSG: test_msgs/Constants\n" + CONSTANTS + SEP + "MSG: test_msgs/Defaults\n" + DEFAULTS;

    static String fields(String kind) {
        StringBuilder b = new StringBuilder("# a field of each primitive type\n");
        for (String p : PRIMITIVES) {
            String value = p.equals("bool") ? "true" : "1";
            b.append(switch (kind) {
                case "CONST" -> p + " " + p.toUpperCase() + "_CONST=" + value;
                case "default" -> p + " " + p + "_value " + value;
                default -> p + " " + p + "_value";
            }).append('\n');
        }
        return b.toString();
    }

    /** test_msgs' Arrays and sequences: a field of each primitive, string and those types, then defaulted ones. */
    static String collections(String suffix, boolean strings) {
        StringBuilder b = new StringBuilder("# every kind of element as " + suffix + "\n");
        for (String p : PRIMITIVES) {
            b.append(p).append(suffix).append(' ').append(p).append("_values\n");
        }
        if (strings) {
            b.append("string").append(suffix).append(" string_values\n");
        }
        b.append("BasicTypes").append(suffix).append(" basic_types_values\n");
        b.append("Constants").append(suffix).append(" constants_values\n");
        b.append("Defaults").append(suffix).append(" defaults_values\n");
        for (String p : PRIMITIVES) {
            b.append(p).append(suffix).append(' ').append(p).append("_values_default [0, 1, 0]\n");
        }
        if (strings) {
            b.append("string").append(suffix).append(" string_values_default [\"\", \"a\", \"b\"]\n");
        }
        return b.append("int32 alignment_check\n").toString();
    }

    /** Every field type: each primitive, strings, arrays and sequences of each; K and R unless marked. */
    @Test
    void everyFieldTypeAsTestMsgs() {
        String arrays = collections("[3]", true), bounded = collections("[<=3]", true), unbounded = collections("[]", true);
        assertEquals("RIHS01_7c300afd4e796798d49bdd6cdaa0fa87fa0ed2ba3217d977e1faa87070d797ab",
                TypeHash.of("test_msgs/msg/BasicTypes", BASIC));
        assertEquals("RIHS01_983e7ae7099d65b3030c31c2890b0ec2b332484fae9f28c68e01340c8f61edcf",
                TypeHash.of("test_msgs/msg/Constants", CONSTANTS));
        assertEquals("RIHS01_a725ee02bf25a224cb7d14015a0245b6654ff591ae1ac277e2a2673f013ea6d2",
                TypeHash.of("test_msgs/msg/Defaults", DEFAULTS));
        assertEquals("RIHS01_6587ceacfdb97a895b60774d021011c64f8c7299f53322404af4036dec6142dc",
                TypeHash.of("test_msgs/msg/Empty", ""));
        assertEquals("RIHS01_f964f9dc322022b7a681ee6933ee5c3c788025b942fedb7f4d7c018ed840cf86",
                TypeHash.of("test_msgs/msg/Nested", "BasicTypes basic_types_value\n" + BASIC_CONSTANTS_DEFAULTS));
        assertEquals("RIHS01_8a321b80dae8c44dfd1ce558eaf1b1cd5ebbe5950863ed675836535511a7f91a",
                TypeHash.of("test_msgs/msg/Arrays", arrays + BASIC_CONSTANTS_DEFAULTS));
        assertEquals("RIHS01_fb361a3b3827c76a142c2190126a20a92e7e510e047f880141a7e9ef867961ed",
                TypeHash.of("test_msgs/msg/BoundedSequences", bounded + BASIC_CONSTANTS_DEFAULTS));
        assertEquals("RIHS01_a63975514293a2c6b24a807675bcbd9180bda1995dd4ee10f2698d45ff77db05",
                TypeHash.of("test_msgs/msg/UnboundedSequences", unbounded + BASIC_CONSTANTS_DEFAULTS));
        assertEquals("RIHS01_0670c010d33c1db2c5589ab5bbd208c551b5c72c88a76de80dfd0d2362255889",
                TypeHash.of("test_msgs/msg/BoundedPlainSequences", collections("[<=3]", false) + BASIC_CONSTANTS_DEFAULTS));
        StringBuilder multi = new StringBuilder(); // each of the three as each of the three
        for (String[] outer : new String[][] {{"[3]", "array"}, {"[<=3]", "bounded_sequence"}, {"[]", "unbounded_sequence"}}) {
            for (String[] inner : new String[][] {{"Arrays", "arrays"}, {"BoundedSequences", "bounded_sequences"},
                    {"UnboundedSequences", "unbounded_sequences"}}) {
                multi.append(inner[0]).append(outer[0]).append(' ').append(outer[1]).append("_of_").append(inner[1]).append('\n');
            }
        }
        assertEquals("RIHS01_9ee9cbfb17c2df991a750b761a56def78674034977c829449820ca07efd9758b", TypeHash.of(
                "test_msgs/msg/MultiNested", multi + SEP + "MSG: test_msgs/Arrays\n" + arrays
                        + SEP + "MSG: test_msgs/BoundedSequences\n" + bounded
                        + SEP + "MSG: test_msgs/UnboundedSequences\n" + unbounded + BASIC_CONSTANTS_DEFAULTS));
        StringBuilder strings = new StringBuilder("string string_value\n");
        for (int i = 1; i <= 5; i++) {
            strings.append("string string_value_default").append(i).append(" \"some 'text\"\n");
        }
        strings.append("string STRING_CONST=\"a constant\"\nstring<=22 bounded_string_value\n");
        for (int i = 1; i <= 5; i++) {
            strings.append("string<=22 bounded_string_value_default").append(i).append(" 'more \"text'\n");
        }
        assertEquals("RIHS01_eee55533636293ac7c94c62432eedb5777eb849847d2a17b4dcead8c4a20ab32",
                TypeHash.of("test_msgs/msg/Strings", strings.toString()));
        assertEquals("RIHS01_5a2c8ddb2054600023b9a180652f2ba895373217cad4b1f0fc1258c9e4424a79", TypeHash.of(
                "test_msgs/msg/WStrings", "wstring wstring_value\nwstring wstring_value_default1 \"Gr\u00fc\u00dfe\"\n"
                        + "wstring wstring_value_default2 \"b\"\nwstring wstring_value_default3 \"c\"\n"
                        + "#wstring<=22 bounded_wstring_value\nwstring[3] array_of_wstrings\n"
                        + "wstring[<=3] bounded_sequence_of_wstrings\nwstring[] unbounded_sequence_of_wstrings\n"));
        // K and R: a byte, a bounded string and an unbounded sequence of them
        assertEquals("RIHS01_f66f49cbcc49d8602beda0ffc3b6006e5addf5a78e9d7d62e831b27c912a3e08", TypeHash.of(
                "micro_ros_msgs/msg/Entity", "byte PUBLISHER=0\nbyte entity_type\nstring<=256 name\nstring<=256[] types\n"));
        // K only: a service's event message, its types in the srv namespace, sequences bounded to 1, char[16]
        assertEquals("RIHS01_32c1d140259c71e5c355115942bcb31df98b4330e4d906b1b75ccb1c9b3ce6c8", TypeHash.of(
                "example_interfaces/srv/AddTwoInts_Event", "service_msgs/ServiceEventInfo info\n"
                        + "example_interfaces/srv/AddTwoInts_Request[<=1] request\n"
                        + "example_interfaces/srv/AddTwoInts_Response[<=1] response\n"
                        + SEP + "MSG: service_msgs/ServiceEventInfo\nuint8 REQUEST_SENT = 0\nuint8 event_type\n"
                        + "builtin_interfaces/Time stamp\nchar[16] client_gid\nint64 sequence_number\n"
                        + SEP + "MSG: builtin_interfaces/Time\nint32 sec\nuint32 nanosec\n"
                        + SEP + "MSG: example_interfaces/srv/AddTwoInts_Request\nint64 a\nint64 b\n"
                        + SEP + "MSG: example_interfaces/srv/AddTwoInts_Response\nint64 sum"));
    }

    static String sha256(String json) throws Exception {
        return "RIHS01_" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json.getBytes(UTF_8)));
    }

    /**
     * The JSON that is hashed, written out: its key order and separators give Float64's published hash; a bounded
     * wstring, which no published type has, is {@code FieldType.msg}'s 22 plus 96 in a bounded sequence.
     */
    @Test
    void theHashedJson() throws Exception {
        assertEquals(PUBLISHED.get("std_msgs/msg/Float64"), sha256("{\"type_description\": {\"type_name\": "
                + "\"std_msgs/msg/Float64\", \"fields\": [{\"name\": \"data\", \"type\": {\"type_id\": 11, \"capacity\": 0, "
                + "\"string_capacity\": 0, \"nested_type_name\": \"\"}}]}, \"referenced_type_descriptions\": []}"));
        assertEquals(sha256("{\"type_description\": {\"type_name\": \"pkg/msg/Names\", \"fields\": [{\"name\": \"names\", "
                + "\"type\": {\"type_id\": 118, \"capacity\": 3, \"string_capacity\": 5, \"nested_type_name\": \"\"}}, "
                + "{\"name\": \"name\", \"type\": {\"type_id\": 22, \"capacity\": 0, \"string_capacity\": 7, "
                + "\"nested_type_name\": \"\"}}]}, \"referenced_type_descriptions\": []}"),
                TypeHash.of("pkg/Names", "wstring<=5[<=3] names\nwstring<=7 name\n"));
    }

    @Test
    void whatIsNoDefinition() {
        for (String[] bad : new String[][] {
                {"sensor_msgs/msg/Imu", Ros2.IMU_DEF.replace("MSG: geometry_msgs/Vector3", "MSG: geometry_msgs/Vector4")},
                {"sensor_msgs/msg/Imu", Ros2.IMU_DEF.replace("MSG: geometry_msgs/Vector3", "IDL: geometry_msgs/Vector3")},
                {"std_msgs/msg/Float64", "float64\n"},
                {"std_msgs/msg/Float64", "float64 1data\n"},
                {"std_msgs/msg/Float64", "float64 da-ta\n"},
                {"std_msgs/msg/Float64", "float64] data\n"},
                {"std_msgs/msg/Float64", "float64[0] data\n"},
                {"std_msgs/msg/Float64", "float64[<=0] data\n"},
                {"std_msgs/msg/Float64", "float64[-1] data\n"},
                {"std_msgs/msg/Float64", "float64[x] data\n"},
                {"std_msgs/msg/Float64", "float64[<=] data\n"},
                {"std_msgs/msg/Float64", "std_msgs/[3] data\n"},
                {"std_msgs/msg/Float64", "string<=0 data\n"},
                {"std_msgs/msg/Float64", "wstring<=0 data\n"},
                {"std_msgs/msg/Float64", "time data\n"},
                {"std_msgs/msg/Float64", "std_msgs//Float64 data\n"},
                {"std_msgs/msg/Float64", "std_msgs/msg/x/Float64 data\n"},
                {"Float64", "float64 data\n"},
                {"std_msgs/msg/Float64/", "float64 data\n"}}) {
            assertThrows(IllegalArgumentException.class, () -> TypeHash.of(bad[0], bad[1]), bad[1]);
        }
    }
}
