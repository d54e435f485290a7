import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, cleanUploadFileName, uploadParentGuidSchema, uploadProblem } from './uploads.ts';
import { licenceExpiryState, licenceUploadParent } from '../store/applicator.ts';

describe('uploads', () => {
  it('accepts PDF, PNG and JPEG up to 10 MB and says why it refuses the rest', () => {
    expect(uploadProblem({ size: 1000, type: 'application/pdf' })).toBeNull();
    expect(uploadProblem({ size: UPLOAD_MAX_BYTES, type: 'image/jpeg' })).toBeNull();
    expect(uploadProblem({ size: UPLOAD_MAX_BYTES + 1, type: 'image/png' })).toBe('upload_too_large');
    expect(uploadProblem({ size: 10, type: 'text/html' })).toBe('upload_type_not_allowed');
    expect(uploadProblem({ size: 0, type: 'application/pdf' })).toBe('upload_empty');
  });
  it('keeps only the base name of a file', () => {
    expect(cleanUploadFileName('C:\\scans\\licence.pdf')).toBe('licence.pdf');
    expect(cleanUploadFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanUploadFileName('a"b\u0000.png')).toBe('ab.png');
    expect(cleanUploadFileName('/')).toBe('file');
  });
  it('parent guids name a record or are a uuid', () => {
    expect(uploadParentGuidSchema.safeParse(licenceUploadParent(42)).success).toBe(true);
    expect(uploadParentGuidSchema.safeParse('6f1c2a9e-3b7d-4c1a-9e2f-0a1b2c3d4e5f').success).toBe(true);
    expect(uploadParentGuidSchema.safeParse('../x').success).toBe(false);
    expect(uploadParentGuidSchema.safeParse('').success).toBe(false);
  });
});

describe('licence expiry', () => {
  it('is expired after its day, expiring within 30 days, valid otherwise', () => {
    expect(licenceExpiryState('2026-03-09', '2026-03-10')).toBe('expired');
    expect(licenceExpiryState('2026-03-10', '2026-03-10')).toBe('expiring');
    expect(licenceExpiryState('2026-04-09', '2026-03-10')).toBe('expiring');
    expect(licenceExpiryState('2026-04-10', '2026-03-10')).toBe('valid');
  });
});
