package dev.llmassert.junit.testing;

/** Sources and answers whose {@link WordOverlapJudge} scores are known. */
public final class Texts {

    public static final String MANUAL = "To reset the router, hold the red button for ten seconds. "
            + "The lights blink green when the reset is done.";

    /** Every word is in the manual: both sentences score 1.0. */
    public static final String GROUNDED =
            "Hold the red button for ten seconds. " + "The lights blink green when the reset is done.";

    /** 1.0 and 2/7 (only "the" and "router"): mean 0.643, below the default 0.7 and above 0.6. */
    public static final String PARTLY_INVENTED =
            "Hold the red button for ten seconds. " + "The router also brews coffee every morning.";

    /** No word is in the manual: one sentence, 0.0, NOTHING FOUND. */
    public static final String INVENTED = "Routers brew espresso daily.";

    private Texts() {}
}
