package dev.llmassert.examples;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The support assistant's tools: the warranty register and the technicians' calendar. Plain application code: in the
 * tests they run for real, only the model's replies are recorded.
 */
public class NimbusTools {

    private static final DateTimeFormatter SPOKEN = DateTimeFormatter.ofPattern("d MMMM yyyy", Locale.ENGLISH);

    private final Map<String, LocalDate> warrantyEnds;
    private final LocalDate today;
    private final Set<String> visits = ConcurrentHashMap.newKeySet();

    /**
     * @param warrantyEnds the last day of each device's warranty, by serial number
     * @param today        the day the assistant works on
     */
    public NimbusTools(Map<String, LocalDate> warrantyEnds, LocalDate today) {
        this.warrantyEnds = Map.copyOf(warrantyEnds);
        this.today = today;
    }

    /** The register of the examples: NR2-0042 under warranty, NR2-0107 out of it, on 1 December 2026. */
    public static NimbusTools demo() {
        return new NimbusTools(
                Map.of("NR2-0042", LocalDate.of(2027, 3, 31), "NR2-0107", LocalDate.of(2025, 1, 14)),
                LocalDate.of(2026, 12, 1));
    }

    @Tool("Looks up the warranty of a Nimbus device by its serial number")
    public String lookupWarranty(@P("the serial number on the device's label, e.g. NR2-0042") String serial) {
        LocalDate end = warrantyEnds.get(serial);
        if (end == null) {
            return "No Nimbus device has the serial number " + serial + ".";
        }
        return end.isBefore(today)
                ? "The warranty of the Nimbus R2 with serial number " + serial + " ended on " + SPOKEN.format(end) + "."
                : "The Nimbus R2 with serial number " + serial + " is under warranty until " + SPOKEN.format(end) + ".";
    }

    @Tool("Books a technician visit to repair a Nimbus device")
    public String bookTechnician(
            @P("the device's serial number") String serial, @P("the day of the visit, as YYYY-MM-DD") String date) {
        LocalDate day;
        try {
            day = LocalDate.parse(date);
        } catch (DateTimeParseException e) {
            return "No visit booked: " + date + " is not a date of the form YYYY-MM-DD.";
        }
        if (!warrantyEnds.containsKey(serial)) {
            return "No visit booked: no Nimbus device has the serial number " + serial + ".";
        }
        String visit = "V-" + serial.substring(serial.indexOf('-') + 1) + "-"
                + date.substring(5).replace("-", "");
        visits.add(visit);
        boolean covered = !warrantyEnds.get(serial).isBefore(today);
        return "A technician visit for " + serial + " is booked on " + SPOKEN.format(day) + " between 8 am and noon."
                + " The visit number is " + visit + "."
                + (covered
                        ? " The repair is covered by the warranty."
                        : " The visit costs 89 dollars, because the warranty has ended.");
    }

    @Tool("Cancels a technician visit by its visit number")
    public String cancelVisit(@P("the visit number, e.g. V-0042-1203") String visit) {
        return "The visit " + visit + " is cancelled.";
    }

    /** The visits booked so far. */
    public List<String> visits() {
        return visits.stream().sorted().toList();
    }
}
