package dev.llmassert.junit.internal;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.criteria.CriteriaJudgeBuilder;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.groundedness.ClaimCheckGroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessMethod;
import dev.llmassert.core.groundedness.Judges;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordedModel;
import dev.llmassert.core.record.RecordingChatModel;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.RecordingSession;
import dev.llmassert.junit.internal.config.AppliedCalibration;
import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.internal.config.ExtensionState;
import dev.llmassert.junit.internal.config.ResolvedConfiguration;
import dev.llmassert.junit.internal.message.Messages;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Finds the judges of a test: those supplied through {@code LlmAssertExtension.use...}, else those built from the
 * configuration. Which store holds which judge: {@link ExtensionState}.
 */
@API(status = INTERNAL, since = "0.1")
public final class JudgeSupply {

    private static final String STAND_IN_KEY = "stand-in-never-sent";
    /** The logger of the core's judge factory, so that one logger tells which method a judge uses. */
    private static final Logger LOG = LoggerFactory.getLogger(Judges.class);

    private JudgeSupply() {}

    /** Makes every test under {@code context} use {@code judge}. */
    public static void supply(ExtensionContext context, GroundednessJudge judge) {
        ExtensionState.store(context).put(Supplied.GROUNDEDNESS_JUDGE, judge);
    }

    /**
     * Makes every test under {@code context} use {@code chatModel} as the judge chat model. The judges built on it
     * live in {@code context}'s store, so they are closed when that class or method ends, not kept for the run.
     */
    public static void supply(ExtensionContext context, ChatModel chatModel) {
        ExtensionContext.Store store = ExtensionState.store(context);
        // a model wrapped with Recordings.wrap is the application's by default; given here, it is a judge's, whose
        // replies a mutation check never changes
        ChatModel judgeModel = chatModel instanceof RecordingChatModel recording && recording.application()
                ? recording.session().wrap(recording.delegate())
                : chatModel;
        store.put(Supplied.CHAT_MODEL, new SuppliedChatModel(judgeModel, store, false));
    }

    /**
     * Makes every test under {@code context} use {@code chatModel} as the judge chat model, recorded and replayed
     * through each test's recording session as a model built from the configuration is: a model of another client
     * (a Spring AI model adapted to langchain4j's interface) judges offline in CI from the recordings.
     */
    public static void supplyRecorded(ExtensionContext context, ChatModel chatModel) {
        ExtensionContext.Store store = ExtensionState.store(context);
        store.put(Supplied.CHAT_MODEL, new SuppliedChatModel(chatModel, store, true));
    }

    /**
     * The groundedness judge of {@code context}: the one supplied for it, else one built from its settings, once for
     * the run, or once per test when its calls are recorded (its chat model is the test's recording session).
     */
    public static GroundednessJudge groundednessJudge(ExtensionContext context) {
        GroundednessJudge judge = findGroundednessJudge(context);
        verifyCalibration(context, judge);
        return judge;
    }

    /**
     * Fails when {@code llmassert.groundedness.calibration} names a record made with a judge other than
     * {@code judge}, or with the same judge checking by another method: a calibration never applies silently to
     * another judge.
     *
     * @throws ExtensionConfigurationException naming both judges, or both methods
     */
    public static void verifyCalibration(ExtensionContext context, GroundednessJudge judge) {
        AppliedCalibration calibration = ConfigurationResolver.of(context).calibration();
        if (calibration != null) {
            calibration.requireMadeWith(judge);
        }
    }

    private static GroundednessJudge findGroundednessJudge(ExtensionContext context) {
        GroundednessJudge suppliedJudge =
                ExtensionState.store(context).get(Supplied.GROUNDEDNESS_JUDGE, GroundednessJudge.class);
        if (suppliedJudge != null) {
            return suppliedJudge;
        }
        ResolvedConfiguration configuration = ConfigurationResolver.of(context);
        JudgeSettings settings = configuration.settings();
        SuppliedChatModel supplied = suppliedChatModel(context);
        // a recorded model of another client (a Spring AI judge) judges groundedness too, whatever the provider
        boolean otherClient = supplied != null && supplied.recorded();
        if (settings.provider() == JudgeProvider.LOCAL && !otherClient) {
            if (configuration.cascade()) {
                throw new ExtensionConfigurationException(Judges.cascadeNeedsProvider());
            }
            if (configuration.method() != GroundednessMethod.AUTO) {
                throw new ExtensionConfigurationException(Judges.needsJudgeModel(configuration.method()));
            }
            return local(context, settings, configuration.localEntailment(), configuration.minConfidence());
        }
        GroundednessMethod method = method(context, configuration);
        int chunkSize = configuration.chunkSize();
        JudgeChatModel chatModel = judgeChatModel(context, settings);
        GroundednessJudge judge = closedWith(
                chatModel.owner(),
                new JudgeKey(settings, chatModel.model(), method, chunkSize),
                () -> build(settings, method, chunkSize, chatModel.model()));
        if (!configuration.cascade()) {
            return judge;
        }
        // The cascade holds nothing of its own: its two judges are closed where they are kept.
        GroundednessJudge local = localGroundednessJudge(context);
        return ExtensionState.getOrCompute(
                chatModel.owner(),
                new CascadeKey(local, judge),
                () -> Judges.cascade(local, judge),
                GroundednessJudge.class);
    }

    /**
     * The method the configured one stands for with the configured model; when {@code auto} chooses claim-check,
     * the log says so once for the run and model, not once per test.
     */
    private static GroundednessMethod method(ExtensionContext context, ResolvedConfiguration configuration) {
        String model = configuration.settings().model();
        GroundednessMethod method = configuration.method().forModel(model);
        if (configuration.method() == GroundednessMethod.AUTO && method == GroundednessMethod.CLAIM_CHECK) {
            ExtensionState.getOrCompute(
                    root(context),
                    new ClaimCheckChosenKey(model),
                    () -> {
                        LOG.info(Judges.claimCheckChosen(model));
                        return Boolean.TRUE;
                    },
                    Boolean.class);
        }
        return method;
    }

    /**
     * The local groundedness judge, whatever the configuration of {@code context} says: one for the run, closed when
     * the run ends. For a parameter annotated {@code @LlmJudge.Local}.
     */
    public static GroundednessJudge localGroundednessJudge(ExtensionContext context) {
        JudgeSettings local =
                JudgeSettings.builder().provider(JudgeProvider.LOCAL).build();
        ResolvedConfiguration configuration = ConfigurationResolver.of(context);
        return local(context, local, configuration.localEntailment(), configuration.minConfidence());
    }

    /**
     * The local judge, with its entailment model or without ({@code llmassert.groundedness.local.entailment}), sure of
     * its verdicts from {@code minConfidence} on ({@code llmassert.groundedness.cascade.min-confidence}).
     */
    private static GroundednessJudge local(
            ExtensionContext context, JudgeSettings settings, boolean entailment, double minConfidence) {
        GroundednessJudge judge;
        if (entailment) {
            judge = closedWith(root(context), new JudgeKey(settings, null), () -> build(settings, Optional.empty()));
        } else {
            judge = closedWith(
                    root(context),
                    new JudgeKey(
                            settings,
                            null,
                            GroundednessMethod.AUTO,
                            ClaimCheckGroundednessJudge.DEFAULT_CHUNK_SIZE,
                            false),
                    () -> {
                        try {
                            return LocalGroundednessJudge.create(false);
                        } catch (RuntimeException e) {
                            throw new ExtensionConfigurationException(
                                    Messages.judgeUnavailable(settings, "groundedness judge", e), e);
                        }
                    });
        }
        if (!(judge instanceof LocalGroundednessJudge own) || own.minConfidence() == minConfidence) {
            return judge;
        }
        // The same models and caches, another minimum: kept beside the judge, closed with it.
        return ExtensionState.getOrCompute(
                root(context),
                new MinConfidenceKey(own, minConfidence),
                () -> own.withMinConfidence(minConfidence),
                LocalGroundednessJudge.class);
    }

    /**
     * The judge chat model of {@code context}, if the configuration names a model provider or one was supplied:
     * for a built model, the one that records and replays through the test's recording session (unless the
     * recordings mode is {@code off}).
     */
    public static Optional<ChatModel> chatModel(ExtensionContext context) {
        JudgeSettings settings = ConfigurationResolver.of(context).settings();
        if (suppliedChatModel(context) == null && settings.provider() == JudgeProvider.LOCAL) {
            return Optional.empty();
        }
        return Optional.of(judgeChatModel(context, settings).model());
    }

    /**
     * Opens the recording session of the test now, when its judge calls will be recorded, so that a corrupt file or
     * a read-only folder fails the test before it runs.
     */
    public static void prepareRecording(ExtensionContext context) {
        boolean supplied = suppliedChatModel(context) != null
                || ExtensionState.store(context).get(Supplied.GROUNDEDNESS_JUDGE, GroundednessJudge.class) != null;
        if (!supplied && ConfigurationResolver.of(context).settings().provider() != JudgeProvider.LOCAL) {
            RecordingSupply.session(context);
        }
    }

    /**
     * The one place a judge chat model comes from: the supplied one (used as given), else one built from
     * {@code settings} and shared by the run, wrapped in the recording session of the test.
     */
    static JudgeChatModel judgeChatModel(ExtensionContext context, JudgeSettings settings) {
        SuppliedChatModel supplied = suppliedChatModel(context);
        if (supplied != null && !supplied.recorded()) {
            return new JudgeChatModel(supplied.model(), supplied.owner());
        }
        if (supplied != null) {
            Optional<RecordingSession> session = RecordingSupply.session(context);
            if (session.isEmpty()) {
                return new JudgeChatModel(supplied.model(), supplied.owner());
            }
            ExtensionContext.Store scope = ExtensionState.store(RecordingSupply.scope(context));
            ChatModel recorded = ExtensionState.getOrCompute(
                    scope,
                    new RecordedSuppliedModelKey(supplied.model(), session.get()),
                    () -> session.get().wrap(supplied.model(), RecordedModel.judge(null)),
                    ChatModel.class);
            return new JudgeChatModel(recorded, scope);
        }
        RecordingMode mode = ConfigurationResolver.of(RecordingSupply.scope(context))
                .recordings()
                .mode();
        ChatModel built = ExtensionState.getOrCompute(
                root(context),
                new ChatModelKey(settings, mode.replays()),
                () -> buildChatModel(settings, mode),
                ChatModel.class);
        Optional<RecordingSession> session = RecordingSupply.session(context);
        if (session.isEmpty()) {
            return new JudgeChatModel(built, root(context));
        }
        ExtensionContext.Store scope = ExtensionState.store(RecordingSupply.scope(context));
        ChatModel recorded = ExtensionState.getOrCompute(
                scope,
                new RecordedChatModelKey(settings, session.get()),
                () -> session.get()
                        .wrap(
                                built,
                                RecordedModel.judge(
                                        settings.provider() == JudgeProvider.OLLAMA ? null : settings.apiKeyEnv())),
                ChatModel.class);
        return new JudgeChatModel(recorded, scope);
    }

    /**
     * The judge's client. A mode that replays must work without a key (CI has none, and a laptop with every request
     * recorded needs none): when the client cannot be built, its stand-in has the same parameters, so recordings
     * are found, and fails only if a request is not recorded.
     */
    private static ChatModel buildChatModel(JudgeSettings settings, RecordingMode mode) {
        try {
            return JudgeModels.chatModel(settings);
        } catch (RuntimeException e) {
            String reason = Messages.judgeUnavailable(settings, "judge chat model", e);
            if (!mode.replays()) {
                throw new ExtensionConfigurationException(reason, e);
            }
            ChatModel shape;
            try {
                shape = JudgeModels.chatModel(settings, replayEnvironment(settings));
            } catch (RuntimeException again) {
                throw new ExtensionConfigurationException(reason, e);
            }
            return new UncallableJudgeModel(shape, Messages.cannotRecord(mode, reason), e);
        }
    }

    /**
     * The direct criteria judge of {@code context}, taking {@code samples} samples per judgement (self-consistency),
     * built on {@link #chatModel(ExtensionContext)}; empty when there is no judge chat model (the local provider).
     * It asks for feedback, so a failure can say how the response could meet the criteria.
     */
    public static Optional<DirectJudge> directJudge(ExtensionContext context, int samples) {
        return criteriaJudge(
                context,
                samples,
                DirectJudge.class,
                (model, settings) -> configure(DirectJudge.builder().generateFeedback(true), model, settings, samples)
                        .build());
    }

    /** As {@link #directJudge(ExtensionContext, int)}, for the pairwise judge. */
    public static Optional<PairwiseJudge> pairwiseJudge(ExtensionContext context, int samples) {
        return criteriaJudge(
                context,
                samples,
                PairwiseJudge.class,
                (model, settings) -> configure(PairwiseJudge.builder(), model, settings, samples)
                        .build());
    }

    private static <J extends AutoCloseable> Optional<J> criteriaJudge(
            ExtensionContext context, int samples, Class<J> type, BiFunction<ChatModel, JudgeSettings, J> build) {
        if (chatModel(context).isEmpty()) {
            return Optional.empty();
        }
        JudgeSettings settings = ConfigurationResolver.of(context).settings();
        // Like the groundedness judge: a judge on a test's recorded chat model lives and closes with that test.
        JudgeChatModel chatModel = judgeChatModel(context, settings);
        CriteriaJudgeKey key = new CriteriaJudgeKey(type, settings, chatModel.model(), samples);
        return Optional.of(closedWith(chatModel.owner(), key, () -> {
            try {
                return build.apply(chatModel.model(), settings);
            } catch (RuntimeException e) {
                throw new ExtensionConfigurationException(
                        Messages.judgeUnavailable(settings, type.getSimpleName(), e), e);
            }
        }));
    }

    /** The judge under {@code key} in {@code store}, built once and closed when the store closes. */
    @SuppressWarnings("unchecked")
    private static <J extends AutoCloseable> J closedWith(ExtensionContext.Store store, Object key, Supplier<J> build) {
        return ((ClosingResource<J>) ExtensionState.getOrCompute(
                        store, key, () -> new ClosingResource<>(build.get()), ClosingResource.class))
                .resource();
    }

    private static <B extends CriteriaJudgeBuilder<B>> B configure(
            B builder, ChatModel model, JudgeSettings settings, int samples) {
        builder.chatModel(model).settings(settings).selfConsistency(samples);
        if (settings.provider() == JudgeProvider.LOCAL) {
            // a chat model supplied under the local provider: the settings do not describe it, the model names itself
            builder.judgeName(null);
        }
        return builder;
    }

    private static GroundednessJudge build(JudgeSettings settings, Optional<ChatModel> chatModel) {
        return build(settings, GroundednessMethod.AUTO, chatModel);
    }

    private static GroundednessJudge build(
            JudgeSettings settings, GroundednessMethod method, Optional<ChatModel> chatModel) {
        try {
            return chatModel.isPresent()
                    ? Judges.groundedness(settings, method, chatModel.get())
                    : Judges.groundedness(settings, method);
        } catch (RuntimeException e) {
            throw new ExtensionConfigurationException(Messages.judgeUnavailable(settings, "groundedness judge", e), e);
        }
    }

    private static GroundednessJudge build(
            JudgeSettings settings, GroundednessMethod method, int chunkSize, ChatModel chatModel) {
        try {
            return Judges.groundedness(settings, method, chunkSize, chatModel);
        } catch (RuntimeException e) {
            throw new ExtensionConfigurationException(Messages.judgeUnavailable(settings, "groundedness judge", e), e);
        }
    }

    private static ExtensionContext.Store root(ExtensionContext context) {
        return ExtensionState.store(context.getRoot());
    }

    private static SuppliedChatModel suppliedChatModel(ExtensionContext context) {
        return ExtensionState.store(context).get(Supplied.CHAT_MODEL, SuppliedChatModel.class);
    }

    private enum Supplied {
        GROUNDEDNESS_JUDGE,
        CHAT_MODEL
    }

    /** A supplied chat model and the store of the class or method it was supplied for. */
    private record SuppliedChatModel(ChatModel model, ExtensionContext.Store owner, boolean recorded) {}

    /** A supplied model recorded in one test's session: its judges are that test's too. */
    private record RecordedSuppliedModelKey(ChatModel model, RecordingSession session) {}

    /** The environment, with a stand-in for an unset API key variable: the stand-in client is never called. */
    private static Function<String, String> replayEnvironment(JudgeSettings settings) {
        return name -> {
            String value = System.getenv(name);
            return name.equals(settings.apiKeyEnv()) && (value == null || value.isBlank()) ? STAND_IN_KEY : value;
        };
    }

    private record ChatModelKey(JudgeSettings settings, boolean replays) {}

    /** With the session, so that a test never picks up the class-level model from the parent store. */
    private record RecordedChatModelKey(JudgeSettings settings, RecordingSession session) {}

    /** A judge chat model and the store whose lifetime it has: judges built on it live there too. */
    record JudgeChatModel(ChatModel model, ExtensionContext.Store owner) {}

    /** One criteria judge per kind, settings, chat model and number of samples. */
    private record CriteriaJudgeKey(Class<?> type, JudgeSettings settings, ChatModel chatModel, int samples) {}

    /**
     * One judge per settings, chat model, groundedness method, chunk size and use of the local entailment model: a
     * supplied or recording chat model gets its own judge.
     */
    private record JudgeKey(
            JudgeSettings settings,
            ChatModel chatModel,
            GroundednessMethod method,
            int chunkSize,
            boolean localEntailment) {

        JudgeKey(JudgeSettings settings, ChatModel chatModel) {
            this(settings, chatModel, GroundednessMethod.AUTO, ClaimCheckGroundednessJudge.DEFAULT_CHUNK_SIZE, true);
        }

        JudgeKey(JudgeSettings settings, ChatModel chatModel, GroundednessMethod method, int chunkSize) {
            this(settings, chatModel, method, chunkSize, true);
        }
    }

    /** The cascade of a local judge and the judge it sends its unsure sentences on to. */
    private record CascadeKey(GroundednessJudge local, GroundednessJudge judge) {}

    /** The run's local judge, sure of its verdicts from another minimum. */
    private record MinConfidenceKey(LocalGroundednessJudge judge, double minConfidence) {}

    /** Marks that the log said, once for the run, that {@code auto} chose claim-check for this model. */
    private record ClaimCheckChosenKey(String model) {}
}
