import { expect } from '@esm-bundle/chai';
import { ChatFailure } from '../../src/services/chat/types.ts';

/** The ChatFailure a transport's promise rejects with; the test fails when it resolves or rejects otherwise. */
export async function failureOf(promise: Promise<unknown>): Promise<ChatFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ChatFailure);
    return error as ChatFailure;
  }
  throw new Error('expected a failure');
}
