package sensor.assemble;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRequirement;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * Which bundles a distribution needs, decided by the OSGi framework's own resolver: a second Felix framework (never
 * started) in which the chosen bundles are installed and resolved first, among themselves; what they still lack is
 * then looked for in the repository (every other bundle offered), and whatever the resolver wires in is added with its
 * reason. Services are checked as the build does ({@code effective:=active}): a mandatory service requirement of a
 * bundle in the result needs a provider in the result, taken from the repository when missing.
 */
final class Resolution implements AutoCloseable {
    /** A bundle added to the chosen ones, and why. */
    record Added(String entry, String reason) {}

    /** A requirement that cannot be met: the entry of the bundle that has it, and the line saying what and why. */
    record Unmet(String entry, String line) {}

    /** The result: the entries of the distribution, in order, what was added and why, and what cannot be met. */
    record Result(List<String> entries, List<Added> added, List<Unmet> unmet) {}

    private final Framework framework;
    private final Map<Bundle, String> entries = new LinkedHashMap<>();

    /** A resolution in a Felix framework loaded from {@code felix} (the running framework's class loader). */
    Resolution(ClassLoader felix, Path storage) throws java.io.IOException, BundleException {
        framework = nested(felix, storage);
    }

    /** A second Felix framework, initialised and never started, kept in {@code storage}: it reads and resolves bundles. */
    static Framework nested(ClassLoader felix, Path storage) throws java.io.IOException, BundleException {
        FrameworkFactory factory;
        try {
            factory = (FrameworkFactory) felix.loadClass("org.apache.felix.framework.FrameworkFactory").getConstructor()
                    .newInstance();
        } catch (ReflectiveOperationException e) {
            throw new java.io.IOException("no Felix framework to read the bundles with: " + e.getMessage());
        }
        Framework fw = factory.newFramework(Map.of(Constants.FRAMEWORK_STORAGE, storage.toString(),
                Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT,
                Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, "sun.misc", "felix.log.level", "0"));
        fw.init();
        return fw;
    }

    /**
     * Resolves {@code chosen} (entry name to bundle file), completing it from {@code repository} (the same) where the
     * chosen bundles need more; {@code complete}: add nothing, report what is missing (and what would provide it).
     */
    Result resolve(Map<String, Path> chosen, Map<String, Path> repository, boolean complete) throws BundleException {
        List<Bundle> start = install(chosen);
        FrameworkWiring wiring = framework.adapt(FrameworkWiring.class);
        wiring.resolveBundles(start);
        List<Bundle> offered = install(repository);
        Set<Bundle> result = new LinkedHashSet<>(start);
        List<Added> added = new ArrayList<>();
        List<Unmet> unmet = new ArrayList<>();
        Deque<Bundle> todo = new ArrayDeque<>(start);
        while (!todo.isEmpty()) {
            Bundle b = todo.pop();
            if (b.getState() == Bundle.INSTALLED && !wiring.resolveBundles(List.of(b))) {
                unmet(b).forEach(l -> unmet.add(new Unmet(entries.get(b), l)));
                continue;
            }
            for (BundleWire w : b.adapt(BundleWiring.class).getRequiredWires(null)) {
                Bundle p = w.getProvider().getBundle();
                if (p.getBundleId() == 0 || result.contains(p)
                        || "optional".equals(w.getRequirement().getDirectives().get(Constants.RESOLUTION_DIRECTIVE))) {
                    continue;
                }
                if (complete) {
                    unmet.add(new Unmet(entries.get(b), name(b) + " needs " + what(w.getCapability())
                            + "; the feature is complete, so nothing is added (" + name(p) + " in the repository provides it)"));
                } else {
                    result.add(p);
                    added.add(new Added(entries.get(p), "+ " + name(p) + " provides " + what(w.getCapability()) + " to " + name(b)));
                    todo.add(p);
                }
            }
            for (BundleRequirement r : b.adapt(BundleRevision.class).getDeclaredRequirements("osgi.service")) {
                if (!"active".equals(r.getDirectives().get("effective"))
                        || "optional".equals(r.getDirectives().get(Constants.RESOLUTION_DIRECTIVE))
                        || byLauncher(r) || result.stream().anyMatch(o -> provides(o, r))) {
                    continue;
                }
                Bundle p = offered.stream().filter(o -> provides(o, r)).min(Comparator.comparing(Bundle::getSymbolicName))
                        .orElse(null);
                if (p == null) {
                    unmet.add(new Unmet(entries.get(b), name(b) + " needs " + what(r) + "; no bundle of the repository provides it"));
                } else if (complete) {
                    unmet.add(new Unmet(entries.get(b), name(b) + " needs " + what(r)
                            + "; the feature is complete, so nothing is added (" + name(p) + " in the repository provides it)"));
                } else if (result.add(p)) {
                    added.add(new Added(entries.get(p), "+ " + name(p) + " provides " + what(r) + " to " + name(b)));
                    todo.add(p);
                }
            }
        }
        List<String> order = new ArrayList<>();
        result.forEach(b -> order.add(entries.get(b)));
        return new Result(order, added, unmet);
    }

    private List<Bundle> install(Map<String, Path> bundles) throws BundleException {
        List<Bundle> out = new ArrayList<>();
        for (Map.Entry<String, Path> e : bundles.entrySet()) {
            Bundle b = framework.getBundleContext().installBundle(e.getValue().toUri().toString());
            entries.put(b, e.getKey());
            out.add(b);
        }
        return out;
    }

    /** Each mandatory requirement of {@code b} that nothing installed provides, or the resolver's reason. */
    private List<String> unmet(Bundle b) {
        List<String> lines = new ArrayList<>();
        String kernel = sensor.scenario.run.KernelImports.mismatch(b, framework.getBundleContext());
        if (kernel != null) {
            return List.of(name(b) + " " + kernel);
        }
        for (BundleRequirement r : b.adapt(BundleRevision.class).getDeclaredRequirements(null)) {
            String effective = r.getDirectives().getOrDefault("effective", "resolve");
            if (!effective.equals("resolve") || "optional".equals(r.getDirectives().get(Constants.RESOLUTION_DIRECTIVE))) {
                continue;
            }
            boolean met = false;
            for (Bundle o : framework.getBundleContext().getBundles()) {
                if (provides(o, r)) {
                    met = true;
                    break;
                }
            }
            if (!met) {
                lines.add(name(b) + " needs " + what(r) + "; nothing installed or in the repository provides it");
            }
        }
        if (lines.isEmpty()) {
            try {
                b.start();
            } catch (BundleException e) {
                lines.add(name(b) + " does not resolve: " + e.getMessage());
            }
        }
        return lines;
    }

    /** Whether bnd's launcher provides it: its service carrying the command line ({@code launcher.arguments}). */
    private static boolean byLauncher(BundleRequirement r) {
        try {
            return FrameworkUtil.createFilter(r.getDirectives().getOrDefault(Constants.FILTER_DIRECTIVE, "(!(a=*))"))
                    .matches(Map.of("objectClass", List.of("java.lang.Object"), "launcher.arguments", List.of()));
        } catch (InvalidSyntaxException e) {
            return false;
        }
    }

    private static boolean provides(Bundle b, BundleRequirement r) {
        BundleRevision rev = b.adapt(BundleRevision.class);
        if (rev == null) {
            return false;
        }
        String filter = r.getDirectives().get(Constants.FILTER_DIRECTIVE);
        try {
            Filter f = filter == null ? null : FrameworkUtil.createFilter(filter);
            for (BundleCapability c : rev.getDeclaredCapabilities(r.getNamespace())) {
                if (f == null || f.matches(c.getAttributes())) {
                    return true;
                }
            }
        } catch (InvalidSyntaxException e) {
            return false;
        }
        return false;
    }

    /** "package org.example 1.2.0", "service sensor.api.raytrace.RaytraceBackend", or the namespace and its filter. */
    private static String what(BundleCapability c) {
        Map<String, Object> a = c.getAttributes();
        return switch (c.getNamespace()) {
            case "osgi.wiring.package" -> "package " + a.get("osgi.wiring.package");
            case "osgi.extender" -> "extender " + a.get("osgi.extender");
            case "osgi.wiring.bundle" -> "bundle " + a.get("osgi.wiring.bundle");
            default -> c.getNamespace() + " " + a;
        };
    }

    private static String what(BundleRequirement r) {
        String filter = r.getDirectives().getOrDefault(Constants.FILTER_DIRECTIVE, "");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\((objectClass|osgi\\.wiring\\.package|osgi\\.extender)"
                + "=([^)]*)\\)").matcher(filter);
        String kind = switch (r.getNamespace()) {
            case "osgi.service" -> "service";
            case "osgi.wiring.package" -> "package";
            case "osgi.extender" -> "extender";
            default -> r.getNamespace();
        };
        return kind + " " + (m.find() ? m.group(2) : filter);
    }

    private static String name(Bundle b) {
        return b.getSymbolicName() + " " + b.getVersion();
    }

    @Override
    public void close() throws BundleException {
        framework.stop();
    }
}
