import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

// A local S3 (s3rver) on a free port of 127.0.0.1, with the `images` bucket created.
export async function startFakeS3(bucket = 'images') {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'lectern-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
