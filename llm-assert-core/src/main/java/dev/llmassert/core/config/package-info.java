/**
 * The configuration keys of the public contract ({@link dev.llmassert.core.config.ConfigKeys}) and the error for a
 * value that cannot be used ({@link dev.llmassert.core.config.InvalidSettingException}).
 *
 * <p>This package imports nothing else of llm-assert, so every other package can use it without a cycle.
 */
package dev.llmassert.core.config;
