import express, { Router } from 'express';
import request from 'supertest';
import { apiPrefix, withoutApiPrefix } from './api-prefix';

describe('withoutApiPrefix', () => {
  it('takes /api off the path, in any case, with or without a query', () => {
    expect(withoutApiPrefix('/api/enrich/1')).toBe('/enrich/1');
    expect(withoutApiPrefix('/API/Enrich')).toBe('/Enrich');
    expect(withoutApiPrefix('/api')).toBe('/');
    expect(withoutApiPrefix('/api/')).toBe('/');
    expect(withoutApiPrefix('/api?fields=name')).toBe('/?fields=name');
    expect(withoutApiPrefix('http://proxy.example/api/enrich?x=1')).toBe('http://proxy.example/enrich?x=1');
  });

  it('leaves every other path alone', () => {
    for (const url of ['/enrich/1', '/apiary', '/dashboard/api/me', '/', '*', 'http://proxy.example/apix']) {
      expect(withoutApiPrefix(url)).toBe(url);
    }
  });
});

describe('apiPrefix', () => {
  // The API's router behind apiPrefix, then what app.ts mounts after it (the dashboard's pages).
  const api = Router();
  api.get('/things/:id', (req, res) => void res.json({ id: req.params.id, url: req.url }));
  const app = express();
  app.use(apiPrefix(api));
  app.use('/dashboard', (req, res) => void res.send(`dashboard ${req.originalUrl}`));
  app.use((req, res) => void res.status(404).send(req.url));

  it('serves the API with and without the prefix', async () => {
    for (const path of ['/api/things/1', '/things/1', '/API/things/1']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: '1', url: '/things/1' });
    }
  });

  it('hands on what the API does not answer with its URL as it came', async () => {
    expect((await request(app).get('/api/dashboard/')).status).toBe(404);
    expect((await request(app).get('/api/dashboard/')).text).toBe('/api/dashboard/');
    expect((await request(app).get('/dashboard/')).text).toBe('dashboard /dashboard/');
  });
});
