import { selectNumAgentsConnected } from '../../../machines/chat-session.machine.ts';
import { formatSize } from '../../app/bytes.ts';
import { isRecord } from '../../app/records.ts';
import { checkFiles, type FileProblem } from '../../services/chat/files.ts';
import { ChatFailure, type CodedError, type FileLimits } from '../../services/chat/types.ts';
import type { ChatService } from './core.ts';
import { errorEvent, failureOf, webChatServiceMessages } from './messages.ts';

/** A pre-upload problem in words (the window shows its own, translated, from the code). */
function fileProblemMessage(problem: FileProblem): string {
  switch (problem.code) {
    case 201:
      return `Too many files: at most ${problem.max} per chat`;
    case 202:
      return `Total size of attachments exceeds limit: ${formatSize(problem.max)}`;
    case 203:
      return `File type not allowed: ${problem.name}`;
    case 'size':
      return `FileTransferSizeError: ${problem.name} is larger than ${formatSize(problem.max)}`;
    default:
      return 'File upload is possible only when an agent is connected';
  }
}

/** A pre-upload problem as a server error: its code, and what its text substitutes (web-chat.md §8). */
function problemError(problem: FileProblem): CodedError {
  const message = fileProblemMessage(problem);
  switch (problem.code) {
    case 201:
    case 202:
      return { code: problem.code, message, max: problem.max };
    case 203:
      return { code: 203, message, name: problem.name };
    case 'size':
      return { code: 0, message, key: 'chat.error.FileTransferSizeError', name: problem.name, max: problem.max };
    default:
      return { code: 0, message };
  }
}

/** The server's own 201 and 202 for an upload carry the chat's limits, when known, as ours do. */
function withLimits(failure: ChatFailure, limits: FileLimits | undefined): ChatFailure {
  for (const e of failure.errors) e.max ??= e.code === 201 ? limits?.maxFiles : e.code === 202 ? limits?.maxTotalSize : undefined;
  return failure;
}

/** The chat's file transfer (web-chat.md §7): its limits, read once a chat, uploads checked against them, downloads. */
export function registerUploads(svc: ChatService): void {
  const { actor, plugin } = svc;
  let fileLimits: Promise<FileLimits> | undefined;
  let uploaded = { count: 0, bytes: 0 };
  svc.onForget.add(() => {
    fileLimits = undefined;
    uploaded = { count: 0, bytes: 0 };
  });
  const limits = () => {
    fileLimits ??= svc.transport!.fileLimits(svc.sessionOf()).catch((error: unknown) => {
      fileLimits = undefined;
      throw failureOf(error);
    });
    return fileLimits;
  };
  plugin.registerCommand('getFileLimits', () => {
    svc.requireActive();
    return limits();
  });
  plugin.registerCommand('sendFile', async (options) => {
    svc.requireActive();
    if (!svc.settings.uploadsEnabled) throw new Error(webChatServiceMessages.uploadsOff);
    if (typeof FormData === 'undefined') throw new Error(webChatServiceMessages.noFormData);
    const files = isRecord(options) && options.files ? Array.from(options.files as ArrayLike<File>) : [];
    if (!files.length || !files.every((f) => f instanceof File)) throw new Error(webChatServiceMessages.noFiles);
    const problems: FileProblem[] = checkFiles(files, await limits(), {
      uploadedCount: uploaded.count,
      uploadedBytes: uploaded.bytes,
      agentConnected: selectNumAgentsConnected(actor.getSnapshot().context) > 0,
    });
    if (problems.length) {
      const failure = new ChatFailure('rejected', problems.map(fileProblemMessage).join('\n'), problems.map(problemError));
      plugin.publish('error', errorEvent(failure, 'sendFile'));
      throw failure;
    }
    const fileIds: string[] = [];
    for (const file of files) {
      try {
        const { fileId } = await svc.transport!.upload(svc.sessionOf(), file);
        fileIds.push(fileId);
        uploaded = { count: uploaded.count + 1, bytes: uploaded.bytes + file.size };
        svc.saveMetadata({ filesUploaded: svc.metadata.filesUploaded + 1 });
      } catch (error) {
        const failure = withLimits(failureOf(error), await limits().catch(() => undefined));
        plugin.publish('error', errorEvent(failure, 'sendFile'));
        throw failure;
      }
    }
    actor.send({ type: 'activity' });
    actor.send({ type: 'poll.now' });
    return { fileIds };
  });
  plugin.registerCommand('downloadFile', (options) => {
    svc.requireActive();
    const fileId = isRecord(options) && typeof options.fileId === 'string' ? options.fileId : '';
    if (!fileId || fileId.length > 200) throw new Error(webChatServiceMessages.noFileId);
    svc.transport!.download(svc.sessionOf(), fileId);
  });
}
