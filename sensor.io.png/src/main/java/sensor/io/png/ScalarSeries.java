package sensor.io.png;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The samples of one scalar sensor kept for its plot; bounded memory: past {@link #CAP} samples it keeps
 * every second one (and from then on every second new one), so a long run still plots its whole span.
 */
public final class ScalarSeries {
    /** Most samples kept. */
    public static final int CAP = 100_000;

    private final List<String> names, units;
    private double[] time = new double[1024];
    private double[][] values;
    private int count;
    private long seen;
    private int stride = 1;

    public ScalarSeries(List<String> names, List<String> units) {
        this.names = names;
        this.units = units;
        values = new double[names.size()][1024];
    }

    /** Adds a sample. */
    public void add(double t, double[] v) {
        if (seen++ % stride != 0) {
            return;
        }
        if (count == CAP) {
            int k = 0;
            for (int i = 0; i < count; i += 2, k++) {
                time[k] = time[i];
                for (double[] c : values) {
                    c[k] = c[i];
                }
            }
            count = k;
            stride *= 2;
        }
        if (count == time.length) {
            int n = Math.min(CAP, time.length * 2);
            time = java.util.Arrays.copyOf(time, n);
            for (int c = 0; c < values.length; c++) {
                values[c] = java.util.Arrays.copyOf(values[c], n);
            }
        }
        time[count] = t;
        for (int c = 0; c < values.length; c++) {
            values[c][count] = v[c];
        }
        count++;
    }

    public int count() {
        return count;
    }

    public double[] time() {
        return time;
    }

    /** Panels grouped by the channel-name prefix before the last dot ({@code acc.x} → {@code acc}). */
    public List<Previews.Panel> panels() {
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            groups.computeIfAbsent(group(names.get(i)), k -> new ArrayList<>()).add(i);
        }
        List<Previews.Panel> panels = new ArrayList<>();
        groups.forEach((g, idx) -> {
            List<String> labels = new ArrayList<>();
            List<String> gu = new ArrayList<>();
            double[][] v = new double[idx.size()][];
            for (int k = 0; k < idx.size(); k++) {
                String n = names.get(idx.get(k));
                labels.add(n);
                if (!gu.contains(units.get(idx.get(k)))) {
                    gu.add(units.get(idx.get(k)));
                }
                v[k] = values[idx.get(k)];
            }
            panels.add(new Previews.Panel(g, String.join(", ", gu), labels, v));
        });
        return panels;
    }

    static String group(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
