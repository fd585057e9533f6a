/**
 * @tus/s3-store with two repairs for the site's resumable uploads (domains/media/uploads/tus-routes.ts):
 *
 * - remove() (termination, and the clean-up after completion) also deletes the pending part
 *   object (`<id>.part`, the tail under S3's 5 MiB part minimum), which the library leaves.
 * - S3-compatible servers without ListParts / AbortMultipartUpload (s3rver as published answers
 *   them 405; the multipart upload path never needs them): the store learns the offset of an
 *   upload from ListParts on every creation, HEAD and PATCH, so there every tus creation was a
 *   500. Once such a server has refused a ListParts, the parts are listed from an object kept
 *   next to the upload (`<id>.parts.json`: number, ETag and size of each part, rewritten after
 *   each part, under the upload's lock), and termination deletes the objects without the abort.
 *   Everything else is the library's.
 */
import { ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';

import type { Part } from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';

interface SdkError {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

/** The server does not have this operation (405 MethodNotAllowed from s3rver, 501 elsewhere). */
function isUnsupported(error: unknown): boolean {
  const { name, Code, $metadata } = (error ?? {}) as SdkError;
  return ['NotImplemented', 'MethodNotAllowed'].some((code) => name === code || Code === code) || [405, 501].includes($metadata?.httpStatusCode ?? 0);
}

function isMissing(error: unknown): boolean {
  const { name, Code, $metadata } = (error ?? {}) as SdkError;
  return name === 'NoSuchKey' || Code === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

export class SiteS3Store extends S3Store {
  /** Whether the server answers ListParts: unknown until it was asked once. */
  private listsParts: boolean | undefined;
  /** Part list rewrites of this process, one after the other per upload. */
  private readonly partListWrites = new Map<string, Promise<void>>();

  private partListKey(id: string): string {
    return `${id}.parts.json`;
  }

  protected override async retrieveParts(id: string, partNumberMarker?: string): Promise<Part[]> {
    if (this.listsParts !== false) {
      try {
        const parts = await super.retrieveParts(id, partNumberMarker);
        this.listsParts = true;
        return parts;
      } catch (error) {
        if (!isUnsupported(error)) throw error;
        this.listsParts = false;
      }
    }
    return this.readPartList(id);
  }

  protected override async uploadPart(metadata: MetadataValue, body: ReadStream | Readable | Buffer, partNumber: number): Promise<string> {
    // The library sends each part from a file of its own (or an empty Buffer): its size is known.
    const size = Buffer.isBuffer(body) ? body.length : body instanceof ReadStream ? (await stat(body.path)).size : undefined;
    const etag = await super.uploadPart(metadata, body, partNumber);
    if (this.listsParts === false) {
      if (size === undefined) throw new Error('a part of unknown size cannot be listed');
      await this.recordPart(metadata.file.id, { PartNumber: partNumber, ETag: etag, Size: size });
    }
    return etag;
  }

  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if (!isUnsupported(error)) throw error;
      // No AbortMultipartUpload: the parts stay with the server; the upload's objects go.
      await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }] } });
      await this.clearCache(id);
    }
    // (No part list where the server lists parts itself.)
    const leftovers = this.listsParts === true ? [this.partKey(id, true)] : [this.partKey(id, true), this.partListKey(id)];
    await Promise.all(leftovers.map((Key) => this.client.deleteObject({ Bucket: this.bucket, Key }).catch(() => undefined)));
  }

  private async readPartList(id: string): Promise<Part[]> {
    try {
      const object = await this.client.getObject({ Bucket: this.bucket, Key: this.partListKey(id) });
      return JSON.parse((await object.Body?.transformToString()) ?? '[]') as Part[];
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  /** Parts of one PATCH may finish together: their rewrites of the list wait for each other. */
  private recordPart(id: string, part: Part): Promise<void> {
    const previous = this.partListWrites.get(id) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const parts = (await this.readPartList(id)).filter((listed) => listed.PartNumber !== part.PartNumber);
        parts.push(part);
        parts.sort((x, y) => (x.PartNumber ?? 0) - (y.PartNumber ?? 0));
        await this.client.putObject({ Bucket: this.bucket, Key: this.partListKey(id), Body: JSON.stringify(parts), ContentType: 'application/json' });
      });
    this.partListWrites.set(id, next);
    void next
      .finally(() => {
        if (this.partListWrites.get(id) === next) this.partListWrites.delete(id);
      })
      .catch(() => undefined);
    return next;
  }
}
