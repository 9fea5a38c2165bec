package sensor.scenario.run;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRequirement;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleWiring;

/**
 * Tells a plugin built for another major version of the kernel contracts ({@code sensor.api*} packages) by its
 * imports, so that it is refused with what to do instead of a bare resolution failure.
 */
public final class KernelImports {
    private static final Pattern PACKAGE = Pattern.compile("\\(osgi\\.wiring\\.package=([^)]+)\\)");
    private static final Pattern LOWER = Pattern.compile("\\(version>=([^)]+)\\)");
    private static final Pattern UPPER = Pattern.compile("\\(!\\(version>=([^)]+)\\)\\)");

    private KernelImports() {}

    /**
     * Why {@code bundle} cannot work with this runtime's kernel, or null when each of its kernel imports is exported:
     * the first kernel package it imports at a version (or by a name) this kernel does not export, and what to do.
     */
    public static String mismatch(Bundle bundle, BundleContext context) {
        BundleRevision revision = bundle.adapt(BundleRevision.class);
        if (revision == null) {
            return null;
        }
        for (BundleRequirement r : revision.getDeclaredRequirements(PackageNamespace.PACKAGE_NAMESPACE)) {
            String filter = r.getDirectives().get(PackageNamespace.REQUIREMENT_FILTER_DIRECTIVE);
            Matcher name = filter == null ? null : PACKAGE.matcher(filter);
            if (name == null || !name.find() || !name.group(1).startsWith("sensor.api")
                    || PackageNamespace.RESOLUTION_OPTIONAL.equals(r.getDirectives().get(PackageNamespace.REQUIREMENT_RESOLUTION_DIRECTIVE))) {
                continue;
            }
            String pkg = name.group(1);
            List<String> exported = new ArrayList<>();
            boolean matched = false;
            for (BundleCapability c : exports(context, pkg)) {
                exported.add(String.valueOf(c.getAttributes().get(PackageNamespace.CAPABILITY_VERSION_ATTRIBUTE)));
                matched |= matches(filter, c);
            }
            if (!matched) {
                String rebuild = "; rebuild it against this release's sensorsim-bom (sensorsim " + RunManifest.release()
                        + "): the plugin guide's \"Moving a plugin to kernel 2\" lists what moved";
                return exported.isEmpty()
                        ? "was built for another kernel: it imports package " + pkg + range(filter)
                                + ", which this kernel no longer has" + rebuild
                        : "was built for another kernel: it imports package " + pkg + range(filter) + " and this kernel exports "
                                + String.join(", ", exported) + rebuild;
            }
        }
        return null;
    }

    private static List<BundleCapability> exports(BundleContext context, String pkg) {
        List<BundleCapability> out = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            BundleWiring w = b.adapt(BundleWiring.class);
            if (w != null) {
                for (BundleCapability c : w.getCapabilities(PackageNamespace.PACKAGE_NAMESPACE)) {
                    if (pkg.equals(c.getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE))) {
                        out.add(c);
                    }
                }
            }
        }
        return out;
    }

    private static boolean matches(String filter, BundleCapability c) {
        try {
            Filter f = FrameworkUtil.createFilter(filter);
            return f.matches(c.getAttributes());
        } catch (InvalidSyntaxException e) {
            return true; // the framework reports a filter it cannot read itself
        }
    }

    /** " 1.1.0 up to (not including) 2.0.0" from a requirement filter's version bounds. */
    private static String range(String filter) {
        Matcher lo = LOWER.matcher(filter);
        Matcher hi = UPPER.matcher(filter);
        String low = lo.find() ? lo.group(1) : "0.0.0";
        return hi.find() ? " " + low + " up to (not including) " + hi.group(1) : " " + low + " or later";
    }
}
