package sensor.scenario;

import java.nio.file.Path;

/**
 * A scenario that cannot be used: the file, the line and column (1-based; 0 when unknown) and what is
 * wrong or was expected.
 */
public final class ScenarioException extends Exception {
    private static final long serialVersionUID = 1L;
    private final Path file;
    private final int line, column;
    private final String detail;

    public ScenarioException(Path file, int line, int column, String message, Throwable cause) {
        super(file + (line > 0 ? ":" + line + ":" + column : "") + ": " + Suggestions.add(message), cause);
        this.file = file;
        this.line = line;
        this.column = column;
        this.detail = Suggestions.add(message);
    }

    /** What is wrong, without the file and position. */
    public String detail() { return detail; }

    public Path file() { return file; }

    public int line() { return line; }

    public int column() { return column; }
}
