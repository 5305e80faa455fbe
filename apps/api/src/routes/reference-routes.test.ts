import { createLogger } from '@enrich/logger';
import express from 'express';
import request from 'supertest';
import { errorHandler } from '../middleware/error-handler';
import { REFERENCE_CSP, referenceRoutes } from './reference-routes';

// The reference page and its files, as the router serves them (tests/e2e/reference.test.ts
// opens the page in Chromium on the whole service).
const app = express()
  .use(referenceRoutes())
  .use(errorHandler(createLogger('silent')));

describe('GET /reference', () => {
  it('is a page under its own CSP that loads Swagger UI and its settings from this server only', async () => {
    const page = await request(app)
      .get('/reference')
      .expect(200)
      .expect('content-type', /text\/html/);
    expect(page.headers['content-security-policy']).toBe(REFERENCE_CSP);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.sort()).toEqual(
      [
        '/openapi.json',
        '/reference/assets/favicon-32x32.png',
        '/reference/assets/reference.js',
        '/reference/assets/swagger-ui-bundle.js',
        '/reference/assets/swagger-ui.css',
      ].sort(),
    );
  });

  it('serves the files the page names, from swagger-ui-dist, and no other file of that package', async () => {
    await request(app)
      .get('/reference/assets/swagger-ui-bundle.js')
      .expect(200)
      .expect('content-type', /javascript/);
    await request(app)
      .get('/reference/assets/swagger-ui.css')
      .expect(200)
      .expect('content-type', /text\/css/);
    await request(app)
      .get('/reference/assets/favicon-32x32.png')
      .expect(200)
      .expect('content-type', /image\/png/);
    const settings = await request(app)
      .get('/reference/assets/reference.js')
      .expect(200)
      .expect('content-type', /javascript/);
    expect(settings.text).toContain("url: '/openapi.json'");
    expect(settings.text).toContain('validatorUrl: null');
    for (const other of ['index.html', 'swagger-initializer.js', 'package.json', '..%2Fpackage.json']) {
      const answer = await request(app).get(`/reference/assets/${other}`).expect(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
  });
});
