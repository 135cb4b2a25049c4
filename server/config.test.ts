/** The file store settings (TRESTLE_FILE_STORE, TRESTLE_S3_*): defaults and the ConfigError of each mistake. */
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const S3 = {
  TRESTLE_FILE_STORE: 's3',
  TRESTLE_S3_ENDPOINT: 'http://127.0.0.1:9000/',
  TRESTLE_S3_BUCKET: 'trestle-files',
  TRESTLE_S3_ACCESS_KEY_ID: 'AKIA0000',
  TRESTLE_S3_SECRET_ACCESS_KEY: 'secret',
}
const PG = { DATABASE_URL: 'postgres://x@localhost/trestle', TRESTLE_ADMIN_PASSWORD: 'x' }

const refusal = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env)
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError)
    return (err as Error).message
  }
  throw new Error('loadConfig accepted the settings')
}

describe('file store settings', () => {
  it('defaults to the disk, or the database with DATABASE_URL, and no bucket', () => {
    expect(loadConfig({})).toMatchObject({ fileStore: 'disk', s3: null })
    expect(loadConfig(PG)).toMatchObject({ fileStore: 'database', s3: null })
  })

  it('takes the S3 store with or without DATABASE_URL, region us-east-1 and path style by default', () => {
    const expected = {
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'trestle-files',
      region: 'us-east-1',
      accessKeyId: 'AKIA0000',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    }
    expect(loadConfig(S3)).toMatchObject({ fileStore: 's3', s3: expected })
    expect(loadConfig({ ...S3, ...PG })).toMatchObject({ fileStore: 's3', s3: expected })
    expect(
      loadConfig({
        ...S3,
        TRESTLE_S3_REGION: 'cn-north-1',
        TRESTLE_S3_FORCE_PATH_STYLE: 'false',
        TRESTLE_S3_ENDPOINT: 'https://s3.example.com/base',
      }).s3,
    ).toMatchObject({ endpoint: 'https://s3.example.com/base', region: 'cn-north-1', forcePathStyle: false })
  })

  it('keeps the bucket under another store, so files written there before a switch stay readable', () => {
    const { TRESTLE_FILE_STORE: _, ...bucket } = S3
    expect(loadConfig({ ...bucket, ...PG })).toMatchObject({ fileStore: 'database', s3: { bucket: 'trestle-files' } })
  })

  it('names every missing setting', () => {
    expect(refusal({ TRESTLE_FILE_STORE: 's3' })).toBe(
      "TRESTLE_FILE_STORE=s3 needs TRESTLE_S3_ENDPOINT, TRESTLE_S3_BUCKET, TRESTLE_S3_ACCESS_KEY_ID, TRESTLE_S3_SECRET_ACCESS_KEY (the bucket's address, name and access key)",
    )
    expect(refusal({ ...S3, TRESTLE_S3_SECRET_ACCESS_KEY: '' })).toMatch(/needs TRESTLE_S3_SECRET_ACCESS_KEY \(/)
    expect(refusal({ TRESTLE_S3_BUCKET: 'files' })).toMatch(
      /^TRESTLE_S3_BUCKET is set, so the S3 store is configured: set TRESTLE_S3_ENDPOINT, TRESTLE_S3_ACCESS_KEY_ID, TRESTLE_S3_SECRET_ACCESS_KEY too$/,
    )
  })

  it('refuses an unknown store, a bad endpoint, bucket, region or path style', () => {
    expect(refusal({ TRESTLE_FILE_STORE: 'ftp' })).toBe('TRESTLE_FILE_STORE must be one of disk, database, s3 (got "ftp")')
    expect(refusal({ ...S3, TRESTLE_S3_ENDPOINT: 's3.example.com' })).toMatch(/^TRESTLE_S3_ENDPOINT must be an http\(s\) URL/)
    expect(refusal({ ...S3, TRESTLE_S3_ENDPOINT: 'ftp://s3.example.com' })).toMatch(/^TRESTLE_S3_ENDPOINT must be an http\(s\) URL/)
    expect(refusal({ ...S3, TRESTLE_S3_ENDPOINT: 'https://s3.example.com/?x=1' })).toMatch(/without query/)
    expect(refusal({ ...S3, TRESTLE_S3_ENDPOINT: 'https://key:secret@s3.example.com' })).toMatch(/credentials/)
    for (const bucket of ['Files', 'ab', 'a_b', '-files', 'files-', 'a..b', 'x'.repeat(64)])
      expect(refusal({ ...S3, TRESTLE_S3_BUCKET: bucket }), bucket).toMatch(/^TRESTLE_S3_BUCKET must be a bucket name/)
    expect(refusal({ ...S3, TRESTLE_S3_REGION: 'US East' })).toMatch(/^TRESTLE_S3_REGION must be a region name/)
    expect(refusal({ ...S3, TRESTLE_S3_FORCE_PATH_STYLE: 'yes' })).toBe('TRESTLE_S3_FORCE_PATH_STYLE must be true or false (got "yes")')
  })
})
