package sensor.env;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

import sensor.api.control.ControlContext;
import sensor.api.control.Controller;
import sensor.api.control.ControllerSpec;
import sensor.api.control.ControllerType;
import sensor.api.env.SensorEnvironment.ControllerInfo;
import sensor.api.env.SensorEnvironment.SensorInfo;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.world.Actuated;
import sensor.api.world.Command;
import sensor.api.world.WorldSource;

/**
 * The controllers of an environment [CTL]: their types (bound like sensor types), the frames each receives, and the step
 * at which they all set commands. Before the world advances, each controller in the order it was added sees the
 * frames delivered since its last call from the sensors it names; its commands are checked whole (finite values,
 * then the world's own check of target and range) and applied all or none. An applied command that differs from the
 * last one on its actuator becomes a frame {@code <controller>.<kind>.<target>} of {@link Channels} for the sinks.
 * A refusal is logged once per distinct reason.
 */
final class Controllers {
    private static final System.Logger LOG = System.getLogger("sensor.env");
    /** The type id of the frames that record commands. */
    static final String COMMAND_FRAME = "command";

    private static final class Slot {
        final ControllerSpec spec;
        Controller controller;
        List<SensorFrame> inbox = new ArrayList<>();
        long applied, refused;
        String lastRefusal;

        Slot(ControllerSpec spec) {
            this.spec = spec;
        }
    }

    private final TypeRegistry<ControllerType<?>> types;
    private final Map<String, Slot> slots = new LinkedHashMap<>();
    /** The last applied values per actuator ({@code kind/target}) and the frame count per recorded series. */
    private final Map<String, double[]> last = new HashMap<>();
    private final Map<String, Long> recorded = new HashMap<>();
    private final Interruptions interruptions;
    private final DoubleSupplier time;
    private final boolean tolerant;
    private String simulation = "";

    Controllers(TypeRegistry<ControllerType<?>> types, Interruptions interruptions, DoubleSupplier time, boolean tolerant) {
        this.types = types;
        this.interruptions = interruptions;
        this.time = time;
        this.tolerant = tolerant;
    }

    /** Names the simulation the controllers run in ({@link ControlContext#simulation()}). */
    void simulation(String name) {
        simulation = name;
    }

    /** {@code type} now serves its id: its waiting or detached controllers attach. */
    void attach(ControllerType<?> type) {
        for (Slot slot : slots.values()) {
            if (slot.spec.typeId().equals(type.id())) {
                close(slot);
                try {
                    slot.controller = create(type, slot.spec);
                    interruptions.end("controller", slot.spec.id(), time.getAsDouble());
                    LOG.log(Level.INFO, "controller ''{0}'' attached: type ''{1}'' is present", slot.spec.id(), type.id());
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "controller ''{0}'' stays detached: {1}", slot.spec.id(), e.getMessage());
                }
            }
        }
    }

    /** {@code type} left; its controllers move to {@code replacement}, or are detached when it is null. */
    void detach(ControllerType<?> type, ControllerType<?> replacement) {
        for (Slot slot : slots.values()) {
            if (slot.controller != null && slot.spec.typeId().equals(type.id())) {
                close(slot);
                if (replacement != null) {
                    slot.controller = create(replacement, slot.spec);
                } else {
                    interruptions.begin("controller", slot.spec.id(), type.id(), time.getAsDouble());
                    LOG.log(Level.WARNING, "controller type ''{0}'' left: controller ''{1}'' detached until it returns",
                            type.id(), slot.spec.id());
                }
            }
        }
    }

    void add(ControllerSpec spec) {
        sensor.api.Args.notNull("spec", spec);
        if (slots.containsKey(spec.id())) {
            throw new IllegalArgumentException("controller id '" + spec.id() + "' is already used; controller ids must be unique");
        }
        ControllerType<?> type = tolerant ? types.find(spec.typeId()) : types.get(spec.typeId());
        Slot slot = new Slot(spec);
        slot.controller = type == null ? null : create(type, spec);
        slots.put(spec.id(), slot);
        if (type == null) {
            interruptions.begin("controller", spec.id(), spec.typeId(), time.getAsDouble());
            LOG.log(Level.WARNING, "controller ''{0}'' waits for its type ''{1}'', which is not installed", spec.id(),
                    spec.typeId());
        }
    }

    void remove(String id) {
        Slot slot = slots.get(id);
        if (slot == null) {
            throw new IllegalArgumentException("controllerId '" + id + "' is unknown; known controllers: " + slots.keySet());
        }
        close(slot);
        slots.remove(id);
        interruptions.end("controller", id, time.getAsDouble());
    }

    void removeAll() {
        List.copyOf(slots.keySet()).forEach(this::remove);
    }

    List<ControllerInfo> list() {
        List<ControllerInfo> list = new ArrayList<>();
        for (Slot s : slots.values()) {
            list.add(new ControllerInfo(s.spec, s.controller == null ? SensorInfo.State.DETACHED : SensorInfo.State.ACTIVE,
                    s.applied, s.refused));
        }
        return list;
    }

    java.util.Set<String> typeIds() {
        return types.ids();
    }

    /** Forgets the actuators' last values and the recorded series: a new world's actuators start afresh. */
    void newWorld() {
        last.clear();
        recorded.clear();
        slots.values().forEach(s -> s.inbox.clear());
    }

    /** Hands delivered frames to the controllers that name their sensors. */
    void deliver(List<SensorFrame> frames) {
        for (Slot slot : slots.values()) {
            for (SensorFrame f : frames) {
                if (slot.spec.sensors().contains(f.sensorId())) {
                    slot.inbox.add(f);
                }
            }
        }
    }

    /**
     * Runs every attached controller at the start of a step at {@code t} and applies its commands to {@code world};
     * returns the frames recording the applied commands that changed an actuator.
     */
    List<SensorFrame> control(WorldSource world, double t) {
        List<SensorFrame> records = new ArrayList<>();
        for (Slot slot : slots.values()) {
            if (slot.controller == null) {
                slot.inbox.clear();
                continue;
            }
            Context context = new Context(simulation, t, world.timeStep(), slot.inbox);
            slot.inbox = new ArrayList<>();
            try {
                slot.controller.control(context);
            } catch (RuntimeException e) {
                throw new IllegalStateException("controller '" + slot.spec.id() + "' (" + slot.spec.typeId() + ") at t = " + t
                        + " s: " + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()), e);
            }
            if (context.commands.isEmpty()) {
                continue;
            }
            String refusal = check(world, context.commands);
            if (refusal != null) {
                slot.refused += context.commands.size();
                if (!refusal.equals(slot.lastRefusal)) {
                    LOG.log(Level.WARNING, "controller ''{0}'' at t = {1} s: {2}; none of its {3} command(s) of this step "
                            + "applied", slot.spec.id(), t, refusal, context.commands.size());
                }
                slot.lastRefusal = refusal;
                continue;
            }
            slot.lastRefusal = null;
            for (Command c : context.commands) {
                ((Actuated) world).apply(c);
                slot.applied++;
                double[] values = c.values();
                if (!java.util.Arrays.equals(last.put(c.kind() + "/" + c.target(), values), values)) {
                    String series = slot.spec.id() + "." + c.kind() + "." + c.target();
                    long index = recorded.merge(series, 1L, Long::sum);
                    records.add(new SensorFrame(series, COMMAND_FRAME, index, t, t, new Channels(c.names(), c.units(), values)));
                }
            }
        }
        return records;
    }

    /** Why the commands cannot be applied, or null when every one can. */
    private static String check(WorldSource world, List<Command> commands) {
        for (Command c : commands) {
            String what = c.kind() + " of '" + c.target() + "'";
            double[] v = c.values();
            for (int i = 0; i < v.length; i++) {
                if (!Double.isFinite(v[i])) {
                    return what + " refused: " + c.names().get(i) + " must be a finite number, got " + v[i];
                }
            }
            if (!(world instanceof Actuated a)) {
                return what + " refused: this world has no actuators (a " + world.getClass().getSimpleName() + ")";
            }
            try {
                a.check(c);
            } catch (IllegalArgumentException e) {
                return what + " refused: " + e.getMessage();
            }
        }
        return null;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Controller create(ControllerType type, ControllerSpec spec) {
        Controller c = type.create(type.configFrom(spec.config()));
        if (c == null) {
            throw new IllegalStateException("controller type '" + type.id() + "' created no controller for '" + spec.id() + "'");
        }
        return c;
    }

    private static void close(Slot slot) {
        if (slot.controller == null) {
            return;
        }
        try {
            slot.controller.close();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "closing controller ''{0}'' failed: {1}", slot.spec.id(), e.toString());
        }
        slot.controller = null;
    }

    /** A controller's view of one step. */
    private static final class Context implements ControlContext {
        private final String simulation;
        private final double time, timeStep;
        private final List<SensorFrame> frames;
        final List<Command> commands = new ArrayList<>();

        Context(String simulation, double time, double timeStep, List<SensorFrame> frames) {
            this.simulation = simulation;
            this.time = time;
            this.timeStep = timeStep;
            this.frames = List.copyOf(frames);
        }

        @Override
        public String simulation() { return simulation; }

        @Override
        public double time() { return time; }

        @Override
        public double timeStep() { return timeStep; }

        @Override
        public List<SensorFrame> frames() { return frames; }

        @Override
        public void command(Command command) {
            commands.add(sensor.api.Args.notNull("command", command));
        }
    }
}
