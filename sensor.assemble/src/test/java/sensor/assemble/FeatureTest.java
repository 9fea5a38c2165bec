package sensor.assemble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Feature files as chapter 159 writes them: the JSON reader's positions and refusals, and the feature's fields. */
class FeatureTest {
    private static final String EXT = """
            "extensions": {"sensorsim.distribution": {"kind": "mandatory", "type": "JSON", "json": {"from": "sensorsim-lidar"}}}""";

    @Test
    void jsonKeepsEveryValuesLineAndColumnAndReadsComments() throws Exception {
        Json.Node root = Json.parse("""
                // a comment
                {"a": [1, -2.5e1, "x\\u0041\\n"], /* a block
                comment */ "b": {"c": null, "d": true, "e": false}}
                """);
        assertEquals("2:1", root.where());
        Json.Node a = root.object().get("a");
        assertEquals("2:7", a.where());
        assertEquals(List.of(new BigDecimal("1"), new BigDecimal("-2.5e1"), "xA\n"), a.array().stream().map(Json.Node::value).toList());
        assertEquals("2:11", a.array().get(1).where());
        Json.Node b = root.object().get("b");
        assertEquals("3:17", b.where());
        assertNull(b.object().get("c").value());
        assertEquals(Boolean.TRUE, b.object().get("d").value());
        assertEquals(Boolean.FALSE, b.object().get("e").value());
        assertEquals("{\"a\": [1, -25, \"xA\\n\"], \"b\": {\"c\": null, \"d\": true, \"e\": false}}", Json.write(root));
    }

    @Test
    void jsonRefusesWhatIsNotJsonAtItsLineAndColumn() {
        for (String[] c : new String[][] {{"{\"a\": 1,}", "1:9", "expected a quoted key"},
                {"{\"a\": 1 \"b\": 2}", "1:9", "expected '}' but found '\"'"},
                {"{\"a\": 1, \"a\": 2}", "1:10", "'a' is given twice in one object (first at 1:7)"},
                {"[1, 2", "1:6", "the document ends where ']' was expected"}, {"{\"a\": 01}", "1:7", "'01' is not a JSON number"},
                {"{\"a\": \"x\n\"}", "1:7", "a string is not closed on its line"}, {"{} x", "1:4", "unexpected 'x' after the document's end"},
                {"/* open", "1:1", "a comment /* is not closed"}, {"{\"a\": tru}", "1:7", "unexpected 't'"},
                {"{\"a\": \"\\q\"}", "1:10", "unknown escape '\\q'"}, {"\n\n  nul", "3:3", "unexpected 'n'"}}) {
            Json.SyntaxError e = assertThrows(Json.SyntaxError.class, () -> Json.parse(c[0]), c[0]);
            assertEquals(c[1], e.line + ":" + e.column, c[0] + ": " + e.getMessage());
            assertTrue(e.getMessage().startsWith(c[2]), c[0] + ": " + e.getMessage());
        }
    }

    @Test
    void aFeatureReadsItsBundlesRequirementsConfigurationsAndProperties() {
        Feature f = Feature.read("""
                {
                  "id": "org.example:acme:jar:linux:1.2.0",
                  "complete": true,
                  "bundles": ["g:a:1.0", {"id": "g:b:2.0", "start-order": 3}],
                  "variables": {"site": "lab", "n": 4, "token": null},
                  "configurations": {"p~x": {"site": "${site}", "n": "${n}", "both": "${site}-${token}", "list": ["${n}"]}},
                  "framework-launching-properties": {"k": "${token}", "m": 2},
                  "extensions": {"sensorsim.distribution": {"kind": "mandatory", "type": "JSON", "json": {
                    "from": "sensorsim-lidar", "requires": ["lidar-model/VLP-16", "sensor/imu"], "remove": ["sensor.io.kitti"],
                    "shell": true, "console": false}},
                    "org.example.other": {"kind": "optional", "type": "TEXT", "text": "ignored"}}
                }
                """, Map.of("token", "s3cret"));
        assertEquals(List.of(), f.problems);
        assertEquals("org.example:acme:jar:linux:1.2.0", f.id);
        assertTrue(f.complete);
        assertEquals(List.of("g:a:1.0", "g:b:2.0"), f.bundles.stream().map(Feature.BundleRef::id).toList());
        Feature.BundleRef b = f.bundles.get(1);
        assertEquals(List.of("g", "b", "2.0", 3, "4:26"), List.of(b.group(), b.artifact(), b.version(), b.startOrder(), b.at().where()));
        Feature.BundleRef withClassifier = Feature.read("{\"id\": \"g:x:jar:linux:1\", \"bundles\": [\"g:a:jar:natives:1.0\"], "
                + EXT + "}", Map.of()).bundles.get(0);
        assertEquals(List.of("g", "a", "natives", "1.0"), List.of(withClassifier.group(), withClassifier.artifact(),
                withClassifier.classifier(), withClassifier.version()));
        assertEquals(0, f.bundles.get(0).startOrder());
        assertEquals(Map.of("p~x", Map.of("site", "lab", "n", new BigDecimal("4"), "both", "lab-s3cret", "list",
                List.of(new BigDecimal("4")))), f.configurations, "a whole-value variable keeps its type");
        assertEquals(Map.of("k", "s3cret", "m", "2"), f.frameworkProperties);
        assertEquals("sensorsim-lidar", f.from.value());
        assertEquals(List.of("lidar-model/VLP-16", "sensor/imu"), f.requires.stream().map(Object::toString).toList());
        assertEquals("9:45", f.requires.get(0).at().where());
        assertEquals(List.of("sensor.io.kitti"), List.copyOf(f.remove.keySet()));
        assertEquals(Boolean.TRUE, f.shell);
        assertEquals(Boolean.FALSE, f.console);
    }

    @Test
    void everyMistakeOfAFeatureIsOneProblemAtItsPlace() {
        Feature f = Feature.read("""
                {
                  "id": "not coordinates",
                  "complete": "yes",
                  "bundles": ["g:a", {"id": "g:b:1", "start-order": 0}],
                  "variables": {"token": null, "obj": {}},
                  "configurations": {"p": [], "q": {"v": "${nope}"}},
                  "framework-launching-properties": {"k": {}},
                  "extensions": {"sensorsim.distribution": {"kind": "mandatory", "type": "JSON", "json": {
                    "from": 3, "requires": ["imu", 4], "remove": "x", "shell": "no", "extra": 1}},
                    "org.example.sign": {"kind": "mandatory", "type": "TEXT", "text": "x"}}
                }
                """, Map.of("other", "1"));
        assertEquals(List.of(
                "2:9: id: a feature needs an id, its Maven coordinates group:artifact[:type[:classifier]]:version (e.g. \"com.acme:acme-lidar:1.0.0\")",
                "3:15: complete: true or false",
                "5:26: variables: 'token' has no default (null) and was not given: add --var token=VALUE",
                "5:39: variables: 'obj' must be a string, number, boolean or null",
                "--var other: the feature declares no such variable; it declares [token, obj]",
                "4:15: bundles: each is \"group:artifact[:type[:classifier]]:version\" or {\"id\": ...}",
                "4:53: bundles: start-order is a start level, a whole number from 1 to 100",
                "6:27: configurations: 'p' must be an object of properties",
                "6:42: '${nope}' names no variable; the feature declares [token, obj]",
                "7:43: framework-launching-properties: 'k' must be a string, number or boolean",
                "10:25: extensions: 'org.example.sign' is mandatory and unknown here (this tool knows only 'sensorsim.distribution'): "
                        + "a feature with it cannot be assembled",
                "9:13: sensorsim.distribution.from: the name of a shipped distribution, e.g. \"sensorsim-lidar\"",
                "9:28: sensorsim.distribution.requires: an array of type ids kind/id, e.g. \"lidar-model/VLP-16\"",
                "9:50: sensorsim.distribution.remove: an array of bundle symbolic names",
                "9:64: sensorsim.distribution.shell: true or false",
                "9:79: sensorsim.distribution: unknown field 'extra'; it takes from, requires, remove, shell and console"), f.problems);
        assertEquals(List.of("1:1: extensions: a sensorsim feature carries \"sensorsim.distribution\": {\"kind\": \"mandatory\", "
                + "\"type\": \"JSON\", \"json\": {\"from\": \"sensorsim-lidar\"}} (from, requires, remove, shell and console are each "
                + "optional)"), Feature.read("{\"id\": \"g:a:1\"}", Map.of()).problems);
        String imu = "{\"id\": \"g:a:1\", " + EXT.replace("\"from\": \"sensorsim-lidar\"", "\"requires\": [\"imu\"]") + "}";
        assertEquals(List.of("1:" + (imu.indexOf("\"imu\"") + 1) + ": sensorsim.distribution.requires: 'imu' is not kind/id "
                + "(e.g. \"sensor/imu\", \"lidar-model/VLP-16\", \"output-format/mcap\")"), Feature.read(imu, Map.of()).problems);
        assertEquals(List.of("1:1: a feature is a JSON object"), Feature.read("[]", Map.of()).problems);
        assertEquals(List.of("1:2: expected a quoted key"), Feature.read("{,}", Map.of()).problems);
    }

    @Test
    void jsonAtTheEdges() throws Exception {
        assertEquals(java.util.Map.of(), Json.parse("{ }").value());
        assertEquals(List.of(), Json.parse("[ ]").value());
        assertEquals(List.of(new BigDecimal("1")), Json.parse("[1 ]").value().equals(List.of()) ? null
                : Json.parse("[1 ]").array().stream().map(Json.Node::value).toList());
        assertEquals(new BigDecimal("12"), Json.parse("12").value(), "a number at the very end");
        assertEquals(new BigDecimal("1e+5"), Json.parse("1e+5").value());
        assertEquals(new BigDecimal("1"), Json.parse("{\"a\" : 1}").object().get("a").value(), "space before the colon");
        assertEquals(new BigDecimal("7"), Json.parse("{\"a\": 7 } // the end").object().get("a").value());
        for (String[] c : new String[][] {{"\n{\"a\": 1, \"a\": 2}", "2:10"}, {"\n [\"ab\ncd\"]", "2:3"}, {"\"abc", "1:1"},
                {"\"a\\", "1:4"}, {"\"\\u12", "1:4"}, {"/*/ 1", "1:1"}, {"", "1:1"}, {"[1,", "1:4"}, {"\"\\u0041", "1:1"}, {"\n  /* x", "2:3"}}) {
            Json.SyntaxError e = assertThrows(Json.SyntaxError.class, () -> Json.parse(c[0]), c[0]);
            assertEquals(c[1], e.line + ":" + e.column, c[0] + ": " + e.getMessage());
        }
        assertEquals("\"a b\\u0001\\t\\\"\"", Json.write("a b\u0001\t\""), "control characters escaped, a space kept");
    }

    @Test
    void theFieldsOfAFeatureMustHaveTheirShapes() {
        String doc = "{\"id\": \"g:a:1\", \"configurations\": [], \"framework-launching-properties\": 1, \"variables\": 2, "
                + "\"bundles\": {}, \"extensions\": []}";
        assertEquals(List.of(at(doc, "2,") + "variables: an object of names to default values (null: must be given with --var)",
                at(doc, "{}") + "bundles: an array of Maven coordinates or of objects with an \"id\"",
                at(doc, "[],") + "configurations: an object of PIDs (factory PIDs as \"factory.pid~name\")",
                at(doc, "1, \"v") + "framework-launching-properties: an object of names to values",
                at(doc, "[]}") + "extensions: an object of extension names to {\"kind\", \"type\", ...}"),
                Feature.read(doc, Map.of()).problems);
        for (String order : List.of("1", "100")) {
            assertEquals(List.of(), Feature.read("{\"id\": \"g:a:1\", \"bundles\": [{\"id\": \"g:b:1\", \"start-order\": " + order
                    + "}], " + EXT + "}", Map.of()).problems, "start-order " + order);
        }
        for (String order : List.of("101", "1.5", "\"2\"")) {
            assertEquals(1, Feature.read("{\"id\": \"g:a:1\", \"bundles\": [{\"id\": \"g:b:1\", \"start-order\": " + order
                    + "}], " + EXT + "}", Map.of()).problems.size(), "start-order " + order);
        }
        for (String id : List.of("/imu", "sensor/", "a/b/")) {
            Feature f = Feature.read("{\"id\": \"g:a:1\", " + EXT.replace("\"from\": \"sensorsim-lidar\"", "\"requires\": [\"" + id
                    + "\"]") + "}", Map.of());
            assertEquals(1, f.problems.size(), id + ": " + f.problems);
        }
        Feature nested = Feature.read("{\"id\": \"g:a:1\", " + EXT.replace("\"from\": \"sensorsim-lidar\"", "\"requires\": "
                + "[\"ray-pattern/a/b\"], \"console\": true") + "}", Map.of());
        assertEquals(List.of("ray-pattern/a/b"), nested.requires.stream().map(Object::toString).toList(), "the id is after the last /");
        assertEquals("ray-pattern/a", nested.requires.get(0).kind());
        assertEquals(Boolean.TRUE, nested.console);
        assertNull(nested.shell, "not said: left as the starting distribution has it");
        Feature unset = Feature.read("{\"id\": \"g:a:1\", \"variables\": {\"v\": \"x\"}, \"configurations\": {\"p\": {\"a\": \"$v\", "
                + "\"b\": \"${v}${v}\"}}, " + EXT + "}", Map.of());
        assertEquals(Map.of("p", Map.of("a", "$v", "b", "xx")), unset.configurations, "only ${name} is a variable");
    }

    /** "1:column: " of the first occurrence of {@code text} in a one-line document. */
    private static String at(String doc, String text) {
        return "1:" + (doc.indexOf(text) + 1) + ": ";
    }

    @Test
    void mavenVersionsBecomeOsgiVersions() {
        assertEquals("1.2.3.SNAPSHOT", Lock.osgiVersion("1.2.3-SNAPSHOT"));
        assertEquals("1.0.0", Lock.osgiVersion("1"));
        assertEquals("1.2.0", Lock.osgiVersion("1.2"));
        assertEquals("2.0.0.beta-1", Lock.osgiVersion("2.0.0-beta-1"));
        assertEquals("0.0.0", Lock.osgiVersion("latest"));
    }
}
