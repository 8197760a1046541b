import type { FileLimits } from './types.ts';

/**
 * The checks a chat runs on files before it uploads them (web-chat.md §5 "File upload"): pure, so the
 * window can say what is wrong before anything leaves the page. The server checks again; these only
 * spare the visitor a round trip and name the file at fault.
 */

/** What `checkFiles` needs of a file (a `File` has it). */
export interface FileLike {
  readonly name: string;
  readonly size: number;
}

/** What the chat has already uploaded, and whether an agent is there to receive more. */
export interface FileUploadState {
  /** Files the visitor uploaded in this chat. */
  uploadedCount: number;
  /** Bytes of those files. */
  uploadedBytes: number;
  agentConnected: boolean;
}

/**
 * One reason the files cannot be uploaded:
 * - 201: more files than the chat allows (`max`: the allowed count, the message's substitution);
 * - 202: more bytes than the chat allows (`max`: the limit in bytes);
 * - 203: a file whose type is not allowed (`name`: the file);
 * - 'size': a file larger than the per-file maximum (FileTransferSizeError: `name` and `max` in bytes);
 * - 'needAgent': the server takes files only while an agent is connected.
 */
export type FileProblem =
  { code: 201; max: number } | { code: 202; max: number } | { code: 203; name: string } | { code: 'size'; name: string; max: number } | { code: 'needAgent' };

/** The extension of a file name, lower case and without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Everything that stands in the way of uploading `files` now: the agent rule first, then the chat's
 * count (201) and total size (202), then each file's type (203) and size. An empty list: go ahead.
 */
export function checkFiles(files: Iterable<FileLike>, limits: FileLimits, state: FileUploadState): FileProblem[] {
  const list = Array.from(files);
  const problems: FileProblem[] = [];
  if (limits.needAgent && !state.agentConnected) problems.push({ code: 'needAgent' });
  if (limits.maxFiles !== undefined && state.uploadedCount + list.length > limits.maxFiles) {
    problems.push({ code: 201, max: limits.maxFiles });
  }
  const bytes = list.reduce((sum, file) => sum + file.size, state.uploadedBytes);
  if (limits.maxTotalSize !== undefined && bytes > limits.maxTotalSize) problems.push({ code: 202, max: limits.maxTotalSize });
  const types = new Set(limits.types.map((type) => type.toLowerCase()));
  for (const file of list) {
    if (!types.has(extensionOf(file.name))) problems.push({ code: 203, name: file.name });
    if (file.size > limits.maxFileSize) problems.push({ code: 'size', name: file.name, max: limits.maxFileSize });
  }
  return problems;
}
