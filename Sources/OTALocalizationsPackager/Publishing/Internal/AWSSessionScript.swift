/// The Python program an ``AWSSession`` runs with the AWS CLI's interpreter: it imports the CLI once, then runs each
/// command it is sent exactly as the `aws` script would (`awscli.clidriver.create_clidriver().main(arguments)`, a
/// fresh driver and session each time, so credentials and configuration are read for every command as before). The
/// sessions share one thing, botocore's `data_loader`, which caches the CLI's own data files (service descriptions,
/// endpoint rules) as it parses them: each command would parse the same files again, and that is most of its time.
///
/// Protocol, one line each way: once the CLI is imported, the program writes `ready`; then each request on its standard
/// input is a JSON object `{"args": [...], "out": <path>, "err": <path>}`; the command's standard output and error go
/// to those files (created by the caller), its standard input is `/dev/null`, and the program answers with the
/// command's exit status and a newline on its own standard output. It ends at the end of its standard input (the
/// caller closed it, or was killed: a command already running finishes, no other starts), or after `argv[1]` seconds
/// without a request.
enum AWSSessionScript {
    static let source = #"""
import json, os, select, sys
if os.environ.get('LC_CTYPE', '') == 'UTF-8':
    os.environ['LC_CTYPE'] = 'en_US.UTF-8'
import awscli.clidriver
idle = float(sys.argv[1])
requests = os.fdopen(os.dup(0), 'r')
answers = os.fdopen(os.dup(1), 'w')
os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
quiet = os.open(os.devnull, os.O_WRONLY)
os.dup2(quiet, 1)
saved_err = os.dup(2)
loader = None
answers.write('ready\n')
answers.flush()
while select.select([requests], [], [], idle)[0]:
    line = requests.readline()
    if not line:
        break
    request = json.loads(line)
    sys.stdout.flush()
    sys.stderr.flush()
    for path, target in ((request['out'], 1), (request['err'], 2)):
        opened = os.open(path, os.O_WRONLY | os.O_TRUNC)
        os.dup2(opened, target)
        os.close(opened)
    sys.argv = ['aws'] + request['args']
    try:
        driver = awscli.clidriver.create_clidriver()
        try:
            if loader is None:
                loader = driver.session.get_component('data_loader')
            else:
                driver.session.register_component('data_loader', loader)
        except Exception:
            pass
        status = driver.main(request['args'])
    except SystemExit as end:
        status = end.code if isinstance(end.code, int) else (0 if end.code is None else 255)
    except BaseException:
        import traceback
        traceback.print_exc()
        status = 255
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(quiet, 1)
    os.dup2(saved_err, 2)
    answers.write('%d\n' % (status if isinstance(status, int) else 255))
    answers.flush()
"""#
}
