// s3rver ships no types; the tests use only this much of it.
declare module 's3rver' {
  type BucketConfig = { name: string; configs?: Array<string | Buffer> }
  export default class S3rver {
    constructor(options: {
      port?: number
      address?: string
      silent?: boolean
      directory?: string
      resetOnClose?: boolean
      configureBuckets?: BucketConfig[]
    })
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
