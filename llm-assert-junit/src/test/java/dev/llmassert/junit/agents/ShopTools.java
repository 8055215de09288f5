package dev.llmassert.junit.agents;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** The tools of a small shop agent: real code, as an application's tools are. */
public class ShopTools {

    private final Map<String, Integer> paid;
    private final List<String> refunds = new CopyOnWriteArrayList<>();

    public ShopTools(Map<String, Integer> paid) {
        this.paid = Map.copyOf(paid);
    }

    @Tool("Looks up an order by its number")
    public String lookupOrder(@P("the order number, e.g. A-1042") String orderId) {
        Integer amount = paid.get(orderId);
        return amount == null
                ? "There is no order " + orderId + "."
                : "Order " + orderId + " was paid " + amount + " dollars and delivered on 3 November.";
    }

    @Tool("Refunds the payment of an order")
    public String refundPayment(@P("the order number") String orderId, @P("the amount in dollars") int amount) {
        refunds.add(orderId);
        return "A refund of " + amount + " dollars for order " + orderId + " has been issued.";
    }

    @Tool("Deletes the customer's account")
    public String deleteAccount(@P("the customer's e-mail address") String email) {
        return "The account of " + email + " has been deleted.";
    }

    public List<String> refunds() {
        return List.copyOf(refunds);
    }
}
