/**
 * The run's configuration, resolved once per class and method from annotations, configuration parameters, system
 * properties and the environment ({@code ConfigurationResolver}); the check for misspelt keys ({@code UnknownKeys});
 * and {@code ExtensionState}, the one namespace of the stores the configuration and all the extension's other state
 * live in. Uses only the messages of {@code internal.message} and the report's console mode. Internal: it may change
 * at any time.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.junit.internal.config;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
