package dev.llmassert.springai.internal;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.EnumSetting;
import dev.llmassert.core.record.RecordingSession;
import dev.llmassert.core.record.internal.ReplyTap;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.internal.CurrentTest;
import dev.llmassert.junit.internal.TestScope;
import dev.llmassert.springai.internal.RecordingSpringAiChatModel.Route;
import dev.llmassert.springai.internal.RecordingSpringAiChatModel.Target;
import org.apiguardian.api.API;
import org.springframework.ai.chat.model.ChatResponse;
import reactor.core.publisher.Flux;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

import static org.apiguardian.api.API.Status.INTERNAL;

/** The routes a Spring AI model's calls take to the recordings. */
@API(status = INTERNAL, since = "0.1")
public final class Routes {

    private Routes() {}

    /** Every call in {@code session}: a wrapper made for a recordings file, outside any test. */
    public static Route session(RecordingSession session) {
        return model -> new Target(session::wrapApplication, null);
    }

    /** Every call in the recordings of {@code evaluator}'s test, counted as the application's. */
    public static Route evaluator(Evaluator evaluator) {
        return model -> new Target(evaluator::recorded, null);
    }

    /**
     * Each call in the recordings of the test that runs when it is made: the test bound to the calling thread, else
     * the one running on a test instance that {@code activeInstances} gives (the Spring test context's), as a
     * {@code ChatClient} may call its model on a scheduler's thread.
     */
    public static Route runningTest(Supplier<List<Object>> activeInstances) {
        return new RunningTest(activeInstances);
    }

    /** Whether the Spring Boot wiring records: {@code on} or {@code off}. */
    @API(status = INTERNAL, since = "0.1")
    public enum Recording {
        /** The application's beans are recorded and replayed. */
        ON,
        /** The application's beans are left as they are. */
        OFF;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final class RunningTest implements Route {

        private final Supplier<List<Object>> activeInstances;

        RunningTest(Supplier<List<Object>> activeInstances) {
            this.activeInstances = activeInstances;
        }

        @Override
        public Target target(String model) {
            Optional<TestScope> bound = CurrentTest.scope();
            if (bound.isPresent()) {
                return targetOf(bound.get(), true);
            }
            return targetOf(running(model), false);
        }

        @Override
        public Target boundTarget(String model) {
            return CurrentTest.scope().map(scope -> targetOf(scope, true)).orElse(null);
        }

        @Override
        public ChatResponse offline(String model, Supplier<ChatResponse> call) {
            try {
                return call.get();
            } catch (RuntimeException e) {
                e.addSuppressed(new IllegalStateException(SpringAiMessages.notRecorded(model)));
                throw e;
            }
        }

        @Override
        public Flux<ChatResponse> offlineStream(String model, Flux<ChatResponse> stream) {
            return stream.doOnError(
                    e -> e.addSuppressed(new IllegalStateException(SpringAiMessages.notRecorded(model))));
        }

        private static Target targetOf(TestScope scope, boolean onTestThread) {
            String value = scope.setting(ConfigKeys.SPRING_AI_RECORD).orElse(null);
            Recording recording =
                    EnumSetting.parse(ConfigKeys.SPRING_AI_RECORD, value, Recording.class, Recording::id, Recording.ON);
            if (recording == Recording.OFF) {
                // a mutant's run calls no model, whatever the settings: with the wiring off, this call would go live
                if (scope.replyTap().filter(ReplyTap::replayOnly).isPresent()) {
                    throw new IllegalStateException(SpringAiMessages.notRecordedInMutantRun());
                }
                return Target.OFF;
            }
            return new Target(
                    scope::applicationModel,
                    onTestThread ? null : scope.replyTap().orElse(null));
        }

        private TestScope running(String model) {
            List<TestScope> running = new ArrayList<>();
            for (Object instance : activeInstances.get()) {
                CurrentTest.runningFor(instance).ifPresent(running::add);
            }
            if (running.size() == 1) {
                return running.get(0);
            }
            if (running.isEmpty()) {
                throw new IllegalStateException(SpringAiMessages.noRunningTest(model));
            }
            throw new IllegalStateException(SpringAiMessages.severalRunningTests(
                    model, running.stream().map(TestScope::testName).toList()));
        }
    }
}
