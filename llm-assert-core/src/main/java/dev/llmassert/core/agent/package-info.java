/**
 * Agents: the trajectory of one request (the tool calls, then the final answer), and its scores in evaluations.
 */
package dev.llmassert.core.agent;
