/**
 * Conversations: the turns of a chat (the user's message, the assistant's reply, its tool calls and the sources it was
 * given), how one ended, a simulated user that drives an application turn by turn, and the retention of a fact the
 * user gave.
 */
package dev.llmassert.core.conversation;
