package dev.llmassert.core.groundedness;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.EnumSetting;
import org.apiguardian.api.API;

import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * How an LLM judge checks groundedness: {@value ConfigKeys#GROUNDEDNESS_METHOD}. The local judge has one method of
 * its own, which {@link #AUTO} stands for under the local provider.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum GroundednessMethod {

    /**
     * The default: the local judge's own method under the local provider; for a judge model, {@link #CLAIM_CHECK}
     * when its name says MiniCheck ({@link #namesMiniCheck}), else {@link #TRULENS}.
     */
    AUTO("auto"),
    /** The TruLens prompt: the model rates each sentence from 0 to 10 and quotes its evidence. */
    TRULENS("trulens"),
    /**
     * MiniCheck's own format: one {@code Document: ...} / {@code Claim: ...} call per sentence (and per chunk of a long
     * source), answered Yes or No, scored by the probability of Yes where the server sends log-probabilities.
     */
    CLAIM_CHECK("claim-check");

    private static final String MINICHECK = "minicheck";

    private final String id;

    GroundednessMethod(String id) {
        this.id = id;
    }

    /**
     * The name used in configuration, e.g. {@code claim-check}.
     *
     * @return the method's name in configuration
     */
    public String id() {
        return id;
    }

    /**
     * Parses a configured method, ignoring case and surrounding blanks; {@code null} or blank is {@link #AUTO}.
     *
     * @param value the configured value, e.g. {@code claim-check}; {@code null} or blank for the default
     * @return the method it names
     * @throws dev.llmassert.core.config.InvalidSettingException naming the key, the value and the allowed values
     */
    public static GroundednessMethod parse(String value) {
        return EnumSetting.parse(
                ConfigKeys.GROUNDEDNESS_METHOD, value, GroundednessMethod.class, GroundednessMethod::id, AUTO);
    }

    /**
     * The method this one stands for with a judge model named {@code modelName}: {@link #AUTO} is
     * {@link #CLAIM_CHECK} when the name says MiniCheck, else {@link #TRULENS}; the others are themselves.
     *
     * @param modelName the judge model's name, or {@code null} when it is not known ({@link #AUTO} then stands for
     *                  {@link #TRULENS})
     * @return {@link #CLAIM_CHECK} or {@link #TRULENS}, never {@link #AUTO}
     */
    public GroundednessMethod forModel(String modelName) {
        if (this != AUTO) {
            return this;
        }
        return namesMiniCheck(modelName) ? CLAIM_CHECK : TRULENS;
    }

    /**
     * Whether a model's name says it is a MiniCheck fact-checking model ({@code bespoke-minicheck},
     * {@code bespokelabs/Bespoke-MiniCheck-7B}, {@code lytang/MiniCheck-Flan-T5-Large}), ignoring case, and anything
     * but letters.
     *
     * @param modelName the model's name, or {@code null}
     * @return whether its letters hold {@code minicheck}; {@code false} for {@code null}
     */
    public static boolean namesMiniCheck(String modelName) {
        return modelName != null
                && modelName.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "").contains(MINICHECK);
    }
}
