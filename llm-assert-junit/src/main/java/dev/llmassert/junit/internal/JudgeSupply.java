package dev.llmassert.junit.internal;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.Judges;
import dev.llmassert.core.criteria.CriteriaJudgeBuilder;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Optional;

/**
 * Finds the judges of a test: those supplied through {@code LlmAssertExtension.use...}, else those built from the
 * configuration, once per {@link JudgeSettings}, in the root store (closed with it at the end of the run).
 */
public final class JudgeSupply {

    private JudgeSupply() {
    }

    /** The configuration of {@code context}, resolved once per class or method. */
    public static ResolvedConfiguration configuration(ExtensionContext context) {
        // keyed by the context itself: a method's settings may differ from its class's
        return ExtensionState.getOrCompute(ExtensionState.store(context), new ConfigurationKey(context.getUniqueId()),
                () -> ConfigurationResolver.forContext(context).resolve(), ResolvedConfiguration.class);
    }

    /** Makes every test under {@code context} use {@code judge}. */
    public static void supply(ExtensionContext context, GroundednessJudge judge) {
        ExtensionState.store(context).put(Supplied.GROUNDEDNESS_JUDGE, judge);
    }

    /** Makes every test under {@code context} use {@code chatModel} as the judge chat model. */
    public static void supply(ExtensionContext context, ChatModel chatModel) {
        ExtensionState.store(context).put(Supplied.CHAT_MODEL, chatModel);
    }

    /** The groundedness judge of {@code context}. */
    public static GroundednessJudge groundednessJudge(ExtensionContext context) {
        GroundednessJudge supplied = ExtensionState.store(context).get(Supplied.GROUNDEDNESS_JUDGE,
                GroundednessJudge.class);
        if (supplied != null) {
            return supplied;
        }
        JudgeSettings settings = configuration(context).settings();
        Optional<ChatModel> chatModel = settings.provider() == JudgeProvider.LOCAL
                ? Optional.empty()
                : Optional.of(judgeChatModel(context, settings));
        return ExtensionState.getOrCompute(root(context), new JudgeKey(settings, chatModel.orElse(null)),
                () -> new ClosingJudge(build(settings, chatModel)), ClosingJudge.class).judge();
    }

    /**
     * The judge chat model of {@code context}, if the configuration names a model provider or one was supplied.
     */
    public static Optional<ChatModel> chatModel(ExtensionContext context) {
        JudgeSettings settings = configuration(context).settings();
        ChatModel supplied = ExtensionState.store(context).get(Supplied.CHAT_MODEL, ChatModel.class);
        if (supplied == null && settings.provider() == JudgeProvider.LOCAL) {
            return Optional.empty();
        }
        return Optional.of(judgeChatModel(context, settings));
    }

    /**
     * The one place a judge chat model comes from: the supplied one, else one built from {@code settings} and shared
     * by the run. A recording wrapper belongs here, so every judge built on it is recorded.
     */
    static ChatModel judgeChatModel(ExtensionContext context, JudgeSettings settings) {
        ChatModel supplied = ExtensionState.store(context).get(Supplied.CHAT_MODEL, ChatModel.class);
        if (supplied != null) {
            return supplied;
        }
        return ExtensionState.getOrCompute(root(context), new ChatModelKey(settings), () -> {
            try {
                return Judges.chatModel(settings);
            } catch (RuntimeException e) {
                throw new ExtensionConfigurationException(
                        Messages.judgeUnavailable(settings, "judge chat model", e), e);
            }
        }, ChatModel.class);
    }

    /**
     * The direct criteria judge of {@code context}, taking {@code samples} samples per judgement (self-consistency),
     * built on {@link #chatModel(ExtensionContext)}; empty when there is no judge chat model (the local provider).
     * It asks for feedback, so a failure can say how the response could meet the criteria.
     */
    public static Optional<DirectJudge> directJudge(ExtensionContext context, int samples) {
        return criteriaJudge(context, samples, DirectJudge.class,
                (model, settings) -> configure(DirectJudge.builder().generateFeedback(true), model, settings, samples)
                        .build());
    }

    /** As {@link #directJudge(ExtensionContext, int)}, for the pairwise judge. */
    public static Optional<PairwiseJudge> pairwiseJudge(ExtensionContext context, int samples) {
        return criteriaJudge(context, samples, PairwiseJudge.class,
                (model, settings) -> configure(PairwiseJudge.builder(), model, settings, samples).build());
    }

    private static <J extends AutoCloseable> Optional<J> criteriaJudge(
            ExtensionContext context, int samples, Class<J> type,
            java.util.function.BiFunction<ChatModel, JudgeSettings, J> build) {
        Optional<ChatModel> chatModel = chatModel(context);
        if (chatModel.isEmpty()) {
            return Optional.empty();
        }
        JudgeSettings settings = configuration(context).settings();
        CriteriaJudgeKey key = new CriteriaJudgeKey(type, settings, chatModel.get(), samples);
        @SuppressWarnings("unchecked")
        ClosingResource<J> judge = ExtensionState.getOrCompute(root(context), key, () -> {
            try {
                return new ClosingResource<>(build.apply(chatModel.get(), settings));
            } catch (RuntimeException e) {
                throw new ExtensionConfigurationException(
                        Messages.judgeUnavailable(settings, type.getSimpleName(), e), e);
            }
        }, ClosingResource.class);
        return Optional.of(judge.resource());
    }

    private static <B extends CriteriaJudgeBuilder<B>> B configure(B builder, ChatModel model, JudgeSettings settings,
                                                                   int samples) {
        builder.chatModel(model).settings(settings).selfConsistency(samples);
        if (settings.provider() == JudgeProvider.LOCAL) {
            // a chat model supplied under the local provider: the settings do not describe it, the model names itself
            builder.judgeName(null);
        }
        return builder;
    }

    private static GroundednessJudge build(JudgeSettings settings, Optional<ChatModel> chatModel) {
        try {
            return chatModel.isPresent()
                    ? Judges.groundedness(settings, chatModel.get())
                    : Judges.groundedness(settings);
        } catch (RuntimeException e) {
            throw new ExtensionConfigurationException(
                    Messages.judgeUnavailable(settings, "groundedness judge", e), e);
        }
    }

    private static ExtensionContext.Store root(ExtensionContext context) {
        return ExtensionState.store(context.getRoot());
    }

    private enum Supplied {
        GROUNDEDNESS_JUDGE, CHAT_MODEL
    }

    private record ConfigurationKey(String uniqueId) {
    }

    private record ChatModelKey(JudgeSettings settings) {
    }

    /** One criteria judge per kind, settings, chat model and number of samples. */
    private record CriteriaJudgeKey(Class<?> type, JudgeSettings settings, ChatModel chatModel, int samples) {
    }

    /** One judge per settings and chat model: a supplied or recording chat model gets its own judge. */
    private record JudgeKey(JudgeSettings settings, ChatModel chatModel) {
    }
}
