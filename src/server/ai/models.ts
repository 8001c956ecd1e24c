// The language model for a task, from configuration (README "AI"). One provider per deployment;
// AI_MODEL_<TASK> overrides the model for one task (e.g. AI_MODEL_TRENDS=gpt-4o).
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createPerplexity } from '@ai-sdk/perplexity';
import type { LanguageModel } from 'ai';
import type { AiConfig, AiTask } from '../config.ts';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export function modelIdFor(ai: AiConfig, task: AiTask) {
  return ai.models[task] ?? ai.model;
}

export function createModelFactory(ai: AiConfig): (task: AiTask) => LanguageModel {
  switch (ai.provider) {
    case 'anthropic': {
      const provider = createAnthropic({ apiKey: ai.apiKey, ...(ai.baseUrl ? { baseURL: ai.baseUrl } : {}) });
      return (task) => provider(modelIdFor(ai, task));
    }
    case 'perplexity': {
      const provider = createPerplexity({ apiKey: ai.apiKey, ...(ai.baseUrl ? { baseURL: ai.baseUrl } : {}) });
      return (task) => provider(modelIdFor(ai, task));
    }
    case 'openai': {
      // Without supportsStructuredOutputs the JSON schema is never sent to the server (DESIGN §2).
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: (ai.baseUrl ?? OPENAI_BASE_URL).replace(/\/$/, ''),
        apiKey: ai.apiKey,
        supportsStructuredOutputs: true,
        // Streamed answers (Wolfebot) report their tokens only when asked (stream_options.include_usage).
        includeUsage: true,
      });
      return (task) => provider.chatModel(modelIdFor(ai, task));
    }
  }
}
