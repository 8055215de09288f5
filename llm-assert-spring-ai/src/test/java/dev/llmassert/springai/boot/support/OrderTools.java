package dev.llmassert.springai.boot.support;

import org.springframework.ai.tool.annotation.Tool;
import org.springframework.ai.tool.annotation.ToolParam;
import org.springframework.stereotype.Component;

/** The support service's tool: an order's status, from a fixed table. */
@Component
public class OrderTools {

    @Tool(description = "The shipping status of a customer's order")
    public String orderStatus(@ToolParam(description = "The order number, e.g. NR-20417") String orderNumber) {
        if (orderNumber.equals("NR-20417")) {
            return "Order NR-20417 shipped on 3 March by parcel post and arrives within two working days.";
        }
        return "No order " + orderNumber + " was found.";
    }
}
