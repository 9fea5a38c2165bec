package sensor.assemble;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * {@code assemble --jlink DIR}: a runtime image with only the JDK modules a distribution needs, its jar and a
 * {@code bin/sensorsim} script. The modules are those holding a package that a bundle imports ({@code Import-Package}
 * of every bundle) or that a class refers to (the constant pools of every class, the framework's and launcher's
 * included, nested jars too), plus the modules found only as services ({@code jdk.crypto.ec} for signed plugins,
 * {@code jdk.zipfs}) and the Vector API's, which the launcher adds when it relaunches. The bundles stay ordinary
 * bundles in the jar, so plugins still deploy at run time; a plugin that needs a module the image lacks is refused
 * by the framework as unresolved, naming the package.
 */
final class Jlink {
    /** Modules no class names: service providers, and the Vector API the launcher relaunches with. */
    static final Set<String> ALWAYS = Set.of("jdk.crypto.ec", "jdk.zipfs", "jdk.unsupported", "jdk.incubator.vector");
    private static final Pattern TYPE = Pattern.compile("L([A-Za-z_$][\\w$]*(?:/[\\w$]+)+);");

    private Jlink() {}

    /** The JDK's jlink, or empty where this Java is a runtime without it. */
    static Optional<ToolProvider> tool() {
        return ToolProvider.findFirst("jlink");
    }

    /** The system modules {@code jar}'s bundles and classes use (with those they require, jlink adds). */
    static Set<String> modules(Path jar) throws IOException {
        Map<String, String> moduleOf = new HashMap<>();
        for (ModuleReference m : ModuleFinder.ofSystem().findAll()) {
            m.descriptor().packages().forEach(p -> moduleOf.put(p, m.descriptor().name()));
        }
        Set<String> packages = new TreeSet<>();
        try (InputStream in = Files.newInputStream(jar)) {
            scan(new ZipInputStream(in), packages);
        }
        Set<String> modules = new TreeSet<>(ALWAYS);
        modules.retainAll(moduleOf.values());
        packages.stream().map(moduleOf::get).filter(java.util.Objects::nonNull).forEach(modules::add);
        return modules;
    }

    /** Collects the packages of a jar's imports and class references, nested jars included. */
    private static void scan(ZipInputStream zip, Set<String> packages) throws IOException {
        for (ZipEntry e; (e = zip.getNextEntry()) != null;) {
            String n = e.getName();
            if (n.endsWith(".class")) {
                classReferences(zip.readAllBytes(), packages);
            } else if (n.endsWith(".jar")) {
                scan(new ZipInputStream(new java.io.ByteArrayInputStream(zip.readAllBytes())), packages);
            } else if (n.equals("META-INF/MANIFEST.MF")) {
                String imports = new Manifest(new java.io.ByteArrayInputStream(zip.readAllBytes())).getMainAttributes()
                        .getValue("Import-Package");
                if (imports != null) { // package names, not their attributes (quoted values may hold commas)
                    Matcher m = Pattern.compile("(?:^|,)\\s*([a-zA-Z_][\\w.]*)(?=[;,]|$)").matcher(imports.replaceAll("\"[^\"]*\"", ""));
                    while (m.find()) {
                        packages.add(m.group(1));
                    }
                }
            }
        }
    }

    /** The packages of the classes a class file's constant pool names (class entries and descriptors). */
    static void classReferences(byte[] classFile, Set<String> packages) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) {
            return;
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> { // Utf8: a class name or a descriptor
                    String s = in.readUTF();
                    Matcher m = TYPE.matcher(s);
                    while (m.find()) {
                        add(m.group(1), packages);
                    }
                    if (s.indexOf('/') > 0 && s.indexOf(';') < 0 && s.indexOf('(') < 0 && s.indexOf(' ') < 0) {
                        add(s, packages); // a CONSTANT_Class's name
                    }
                }
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++;
                }
                case 7, 8, 16, 19, 20 -> in.readUnsignedShort();
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                default -> {
                    return; // not a class file we can read: its references stay unknown
                }
            }
        }
    }

    private static void add(String internalName, Set<String> packages) {
        int slash = internalName.lastIndexOf('/');
        if (slash > 0) {
            packages.add(internalName.substring(0, slash).replace('/', '.').replaceFirst("^\\[*L", ""));
        }
    }

    /**
     * Links the image into {@code dir} (which must not exist): {@code jlink}'s runtime with {@code modules},
     * {@code lib/sensorsim/<jar>} and {@code bin/sensorsim}. Returns jlink's complaint, or null when written.
     */
    static String link(ToolProvider jlink, Path jar, Set<String> modules, Path dir) throws IOException {
        Path part = dir.toAbsolutePath().resolveSibling("." + dir.getFileName() + ".part");
        deleteTree(part);
        StringWriter log = new StringWriter();
        int code = jlink.run(new PrintWriter(log), new PrintWriter(log), "--add-modules", String.join(",", modules),
                "--output", part.toString(), "--strip-debug", "--no-header-files", "--no-man-pages",
                "--compress=" + (Runtime.version().feature() >= 21 ? "zip-6" : "2"));
        if (code != 0) {
            deleteTree(part);
            return log.toString().strip();
        }
        Path lib = Files.createDirectories(part.resolve("lib/sensorsim"));
        Files.copy(jar, lib.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        Path script = part.resolve("bin/sensorsim");
        Files.writeString(script, "#!/bin/sh\n# sensorsim on its own trimmed Java runtime (assemble --jlink)\n"
                + "here=$(cd \"$(dirname \"$0\")/..\" && pwd)\n"
                + "exec \"$here/bin/java\" -jar \"$here/lib/sensorsim/" + jar.getFileName() + "\" \"$@\"\n",
                StandardCharsets.UTF_8);
        try {
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the script is still there to read
        }
        Files.move(part, dir, StandardCopyOption.ATOMIC_MOVE);
        return null;
    }

    /** The size of a folder's files, in bytes. */
    static long size(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
