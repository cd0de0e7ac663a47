/** Test double: the generateContent API as the provider answers it; a stream as SSE chunks (`alt=sse`). */
import { frameWriter, type FamilyMock, type MockFrame } from "../mock-kit.ts";

const usage = (n: number) => ({ promptTokenCount: 12, candidatesTokenCount: n, totalTokenCount: 12 + n });
const chunk = (parts: unknown[], finishReason?: string, n = 1) => ({
  candidates: [{ content: { parts, role: "model" }, ...(finishReason ? { finishReason } : {}), index: 0 }],
  usageMetadata: usage(n),
  modelVersion: "gemini-mock",
  responseId: "resp_mock_1",
});

export const generateMock: FamilyMock = {
  whole: (_model, text, _body, words) => chunk([{ text }], "STOP", words),
  stream(_model, chunks) {
    const frames: MockFrame[] = [];
    const { data } = frameWriter(frames);
    chunks.forEach((piece, i) => data(chunk([{ text: piece }], i === chunks.length - 1 ? "STOP" : undefined, i + 1), true));
    return frames;
  },
  toolCall: (_model, call) => chunk([{ functionCall: { name: call.name, args: JSON.parse(call.argumentChunks.join("")) as unknown } }], "STOP"),
  toolCallStream(_model, call) {
    const frames: MockFrame[] = [];
    frameWriter(frames).data(chunk([{ functionCall: { name: call.name, args: JSON.parse(call.argumentChunks.join("")) as unknown } }], "STOP"), true);
    return frames;
  },
  errorBody: (status, message) => ({ error: { code: status, message, status: status === 429 ? "RESOURCE_EXHAUSTED" : status >= 500 ? "INTERNAL" : "INVALID_ARGUMENT" } }),
};
