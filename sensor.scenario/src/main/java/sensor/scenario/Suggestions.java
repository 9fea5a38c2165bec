package sensor.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "Did you mean" for messages that name an unknown value and list the known ones, whatever bundle wrote them:
 * {@code type 'lidr' is unknown; known sensor types: [imu, lidar]} gains {@code ; did you mean 'lidar'?}. The
 * closest known value by edit distance (Damerau–Levenshtein, case-insensitive) is suggested when it is at most a
 * third of the longer name away (at least 1, at most 3 edits), or when the given name is a prefix of exactly one.
 */
public final class Suggestions {
    /** Message forms, most specific first: group 1 the unknown value, group 2 the known ones. */
    private static final List<Pattern> FORMS = List.of(
            Pattern.compile("unknown field '([^']{1,200})'; expected one of \\[([^\\]]{0,4000})\\]"),
            Pattern.compile("'([^']{1,200})' (?:is unknown|is not installed|is not defined)[^\\[]{0,120}?\\[([^\\]]{0,4000})\\]"),
            Pattern.compile("must be one of \\[?([^\\]']{0,4000}?)\\]?, got '([^']{1,200})'"),
            Pattern.compile("\\bno [\\w ]{0,40}?\\b(?:model|type|format) '?([^' ;]{1,200})'?[^\\[]{0,120}?\\[([^\\]]{0,4000})\\]"));

    private Suggestions() {}

    /** {@code message} with a suggestion appended when it names an unknown value and lists the known ones. */
    public static String add(String message) {
        if (message == null || message.contains("did you mean")) {
            return message;
        }
        String given = null, list = null;
        for (int f = 0; f < FORMS.size() && given == null; f++) {
            Matcher m = FORMS.get(f).matcher(message);
            if (m.find()) {
                boolean reversed = f == 2; // "must be one of LIST, got 'X'"
                given = m.group(reversed ? 2 : 1);
                list = m.group(reversed ? 1 : 2);
            }
        }
        if (given == null) {
            return message;
        }
        List<String> known = new ArrayList<>();
        for (String k : list.split(",")) {
            if (!k.isBlank()) {
                known.add(k.strip());
            }
        }
        String best = closest(given, known);
        if (best != null && message.contains("lidar model") && anotherProduct(given, best)) {
            return message + "; '" + given + "' is not in the catalog, whose " + family(best) + " models are "
                    + known.stream().filter(k -> family(k).equalsIgnoreCase(family(best))).toList()
                    + "; a lidar without a catalog model can replay its scan pattern from a file (pattern types 'file' "
                    + "and 'livox-csv', docs/lidar-models.md)";
        }
        return best == null ? message : message + "; did you mean '" + best + "'?";
    }

    /** A model id's family: what comes before its first digit, e.g. {@code Mid-} of {@code Mid-360}. */
    static String family(String model) {
        int i = 0;
        while (i < model.length() && !Character.isDigit(model.charAt(i))) {
            i++;
        }
        return model.substring(0, i);
    }

    /**
     * True when {@code given} and {@code known} are models of one family whose numbers differ by more than two
     * neighbouring digits swapped: {@code Mid-360} is another sensor than {@code Mid-40}, {@code VLP-61} a typo of
     * {@code VLP-16}.
     */
    static boolean anotherProduct(String given, String known) {
        String a = given.substring(family(given).length()).replaceAll("\\D.*", ""),
                b = known.substring(family(known).length()).replaceAll("\\D.*", "");
        if (!family(given).equalsIgnoreCase(family(known)) || a.isEmpty() || b.isEmpty() || a.equals(b)) {
            return false;
        }
        return a.length() != b.length() || distance(a, b) > 1;
    }

    /** The known value closest to {@code given}, or null when none is close enough (see the class comment). */
    public static String closest(String given, List<String> known) {
        String g = given.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String prefixOf = null;
        int prefixes = 0;
        for (String k : known) {
            String c = k.toLowerCase(Locale.ROOT);
            if (c.equals(g)) {
                return null; // known (in another case): nothing to suggest
            }
            if (c.startsWith(g) && !g.isEmpty()) {
                prefixOf = k;
                prefixes++;
            }
            int d = distance(g, c);
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        int allowed = best == null ? 0 : Math.min(3, Math.max(1, Math.max(g.length(), best.length()) / 3));
        if (best != null && bestDistance <= allowed) {
            return best;
        }
        return prefixes == 1 ? prefixOf : null;
    }

    /** Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
