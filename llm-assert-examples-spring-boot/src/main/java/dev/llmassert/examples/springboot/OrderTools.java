package dev.llmassert.examples.springboot;

import org.springframework.ai.tool.annotation.Tool;
import org.springframework.ai.tool.annotation.ToolParam;
import org.springframework.stereotype.Component;

import java.util.Map;

/** The support service's tool: the status of a customer's order, from the shop's order table. */
@Component
public class OrderTools {

    private static final Map<String, String> ORDERS = Map.of(
            "NR-20417",
            "Order NR-20417 (one Nimbus R2 router) shipped on 3 March by parcel post and arrives within"
                    + " two working days.",
            "NR-20533",
            "Order NR-20533 (two Nimbus R2 routers) is being packed and ships tomorrow.");

    @Tool(description = "The shipping status of a customer's order")
    public String orderStatus(@ToolParam(description = "The order number, e.g. NR-20417") String orderNumber) {
        return ORDERS.getOrDefault(orderNumber.strip(), "There is no order " + orderNumber + ".");
    }
}
