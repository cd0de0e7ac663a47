/**
 * What the generateContent reader skips (reading/fields.ts): everything else is read. Field
 * names are matched as the provider's parser matches them: the protobuf (snake_case) names are
 * read as their camelCase twins.
 */
import { Fields, type FieldTable } from "../../reading/fields.ts";

/** The protobuf names the provider also accepts, and the name the reader reads them as. */
const ALIASES: Readonly<Record<string, string>> = {
  inline_data: "inlineData",
  file_data: "fileData",
  mime_type: "mimeType",
  file_uri: "fileUri",
  function_call: "functionCall",
  function_response: "functionResponse",
  executable_code: "executableCode",
  code_execution_result: "codeExecutionResult",
  thought_signature: "thoughtSignature",
  system_instruction: "systemInstruction",
  cached_content: "cachedContent",
  generation_config: "generationConfig",
  safety_settings: "safetySettings",
  tool_config: "toolConfig",
  function_declarations: "functionDeclarations",
  generate_content_request: "generateContentRequest",
  video_metadata: "videoMetadata",
  finish_reason: "finishReason",
  usage_metadata: "usageMetadata",
  model_version: "modelVersion",
  response_id: "responseId",
  safety_ratings: "safetyRatings",
  avg_logprobs: "avgLogprobs",
  prompt_feedback: "promptFeedback",
  citation_metadata: "citationMetadata",
  grounding_metadata: "groundingMetadata",
  logprobs_result: "logprobsResult",
  will_continue: "willContinue",
  media_resolution: "mediaResolution",
};

export const GENERATE_TABLE: FieldTable = {
  family: "generate",
  opaque: [
    { field: "thoughtSignature", why: "a signature the provider checks (the part's text is read all the same)" },
    { field: "mimeType", why: "a media type (read to decide whether data is text)" },
    { field: "videoMetadata", why: "offsets and a frame rate" },
    { field: "mediaResolution", why: "an enum" },
    { field: "willContinue", why: "a switch" },
    { field: "thought", why: "a switch (a thought part's text is read)" },
  ],
  parameters: [
    { field: "safetySettings", why: "categories and thresholds (enums)" },
    { field: "model", why: "the model's name (countTokens' inner request)" },
  ],
  definitions: ["tools", "toolConfig", "generationConfig"],
  answer: [
    { field: "usageMetadata", why: "token counts" },
    { field: "modelVersion", why: "the model's name" },
    { field: "responseId", why: "an identifier" },
    { field: "createTime", why: "a time stamp" },
    { field: "finishReason", why: "why a candidate ended (an enum)" },
    { field: "safetyRatings", why: "categories and probabilities (enums)" },
    { field: "avgLogprobs", why: "a number" },
    { field: "totalTokens", why: "a count (countTokens)" },
    { field: "cachedContentTokenCount", why: "a count (countTokens)" },
    { field: "promptTokensDetails", why: "counts (countTokens)" },
  ],
  aliases: ALIASES,
  signedRequests: "mask",
  toolData: ["args", "response"],
};

export const GENERATE_FIELDS = new Fields(GENERATE_TABLE);
