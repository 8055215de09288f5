package dev.llmassert.core.criteria;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class InstanceTest {

    @Test
    void fieldsKeepTheirOrderAndWithReplacesAValue() {
        Instance instance = Instance.of("response", "a").with("question", "q").with("response", "b");

        assertThat(instance.fields()).containsExactly(Map.entry("question", "q"), Map.entry("response", "b"));
        assertThat(instance.field("question")).contains("q");
        assertThat(instance.field("context")).isEmpty();
    }

    @Test
    void anEmptyValueIsAllowedButNotNull() {
        assertThat(Instance.ofResponse("").fields()).containsEntry("response", "");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Instance.of("response", null))
                .withMessageContaining("Instance field 'response' is null");
    }

    @Test
    void anInstanceNeedsFieldsWithNames() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Instance(Map.of()))
                .withMessageContaining("no fields");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Instance.of(" ", "x"))
                .withMessageContaining("blank name");
    }

    @Test
    void theFieldsCannotBeChangedFromOutside() {
        Map<String, String> source = new HashMap<>(Map.of("response", "a"));
        Instance instance = new Instance(source);
        source.put("question", "q");

        assertThat(instance.fields()).containsOnlyKeys("response");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> instance.fields().put("x", "y"))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
