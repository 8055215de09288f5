package dev.llmassert.core.record;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.InvalidSettingException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecordingModeTest {

    @Test
    void parsesTheContractIdsIgnoringCaseAndBlanks() {
        assertThat(RecordingMode.parse("off")).isEqualTo(RecordingMode.OFF);
        assertThat(RecordingMode.parse(" Replay ")).isEqualTo(RecordingMode.REPLAY);
        assertThat(RecordingMode.parse("record-missing")).isEqualTo(RecordingMode.RECORD_MISSING);
        assertThat(RecordingMode.parse("RECORD_MISSING")).isEqualTo(RecordingMode.RECORD_MISSING);
        assertThat(RecordingMode.parse("record")).isEqualTo(RecordingMode.RECORD);
        assertThat(RecordingMode.RECORD_MISSING.id()).isEqualTo("record-missing");
    }

    @Test
    void aTypoFailsNamingTheKeyTheValueAndTheAllowedValues() {
        assertThatThrownBy(() -> RecordingMode.parse("replya"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining(ConfigKeys.RECORDINGS_MODE)
                .hasMessageContaining("'replya'")
                .hasMessageContaining("off, replay, record-missing, record")
                .hasMessageContaining("LLMASSERT_RECORDINGS_MODE");
        assertThatThrownBy(() -> RecordingMode.parse(null)).isInstanceOf(InvalidSettingException.class);
    }

    @Test
    void defaultsToReplayOnCiAndRecordMissingElsewhere() {
        assertThat(RecordingMode.defaultMode(Map.of("CI", "true")::get)).isEqualTo(RecordingMode.REPLAY);
        assertThat(RecordingMode.defaultMode(Map.of("CI", "")::get)).isEqualTo(RecordingMode.RECORD_MISSING);
        assertThat(RecordingMode.defaultMode(Map.<String, String>of()::get)).isEqualTo(RecordingMode.RECORD_MISSING);
        assertThat(RecordingMode.resolve(null, Map.of("CI", "1")::get)).isEqualTo(RecordingMode.REPLAY);
        assertThat(RecordingMode.resolve("record", Map.of("CI", "1")::get)).isEqualTo(RecordingMode.RECORD);
    }

    @Test
    void onlyRecordingModesWriteAndOnlyReplayModesReplay() {
        assertThat(RecordingMode.OFF.writes()).isFalse();
        assertThat(RecordingMode.REPLAY.writes()).isFalse();
        assertThat(RecordingMode.RECORD_MISSING.writes()).isTrue();
        assertThat(RecordingMode.RECORD.writes()).isTrue();
        assertThat(RecordingMode.RECORD.replays()).isFalse();
        assertThat(RecordingMode.OFF.replays()).isFalse();
    }
}
