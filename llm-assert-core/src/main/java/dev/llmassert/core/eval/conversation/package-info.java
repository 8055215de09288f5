/**
 * Evaluations of conversations: an application that holds conversations as a system under test
 * ({@link dev.llmassert.core.eval.conversation.ConversationSystems}), each item one conversation, scripted or
 * carried on by a simulated user, and the annotators that judge whole conversations
 * ({@link dev.llmassert.core.eval.conversation.ConversationAnnotators}). Evaluations themselves know nothing of
 * conversations but their result.
 */
package dev.llmassert.core.eval.conversation;
